import { describe, expect, it } from 'vitest';
import { andList, clause, countyBoardsHave, payAllWords, sentence } from '@/lib/format';
import { mmpRequirement } from '@/lib/rules';

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

describe('dates in the rules’ reasons are written out', () => {
  it('IAC 567-65.110(1)"b"(1) and "d": "constructed on March 1, 2020", never an ISO date', () => {
    const owner = mmpRequirement({ filer: 'confinement_owner', animalUnitCapacity: 2480, constructedOn: '2020-03-01' });
    expect(owner.reason).toContain('was constructed on March 1, 2020, after');
    const newOwner = mmpRequirement({ filer: 'new_owner', animalUnitCapacity: 2480, constructedOn: '2020-03-01', acquiredOn: '2026-11-02' });
    expect(newOwner.reason).toContain('(by January 1, 2027)');
    for (const r of [owner, newOwner]) expect(r.reason).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
