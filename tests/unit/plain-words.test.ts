import { describe, expect, it } from 'vitest';
import { andList, clause, countyBoardsHave, payAllWords, sentence } from '@/lib/format';

describe('plain words shared by pages, letters and receipts', () => {
  it('one county board has; several boards have, each county named once', () => {
    expect(countyBoardsHave(['Audubon'])).toBe('The board of supervisors of Audubon County has');
    expect(countyBoardsHave(['Lyon', 'Sioux', 'Sioux'])).toBe('The boards of supervisors of Lyon and Sioux counties have');
    expect(countyBoardsHave(['Lyon', 'O’Brien', 'Sioux'])).toBe('The boards of supervisors of Lyon, O’Brien and Sioux counties have');
  });
  it('the pay-everything button counts in words a person says', () => {
    expect(payAllWords(2)).toBe('Pay both fees');
    expect(payAllWords(3)).toBe('Pay all 3 fees');
    expect(payAllWords(1)).toBe('Pay the fee');
  });
  it('a sentence ends in one full stop, and a clause inside parentheses ends in none', () => {
    expect(sentence('Field 3 is too steep.')).toBe('Field 3 is too steep.');
    expect(sentence('Field 3 is too steep')).toBe('Field 3 is too steep.');
    expect(sentence('Field 3 is too steep..')).toBe('Field 3 is too steep.');
    expect(`(${clause('nitrogen-based, 5.33 units per acre.')}).`).toBe('(nitrogen-based, 5.33 units per acre).');
    expect(andList(['Lyon'])).toBe('Lyon');
  });
});
