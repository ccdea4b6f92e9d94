import { describe, expect, it } from 'vitest';
import { canonicalJson } from '@/lib/canonical-json';

// The copy of record's document hash is taken over canonical JSON (RFC 8785): the same text for the
// same document whatever order its keys come back in.

describe('canonical JSON', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('matches the RFC 8785 examples for numbers and strings', () => {
    expect(canonicalJson([1e21, 1e-7, 333333333.3333333, -0, 4.5, 0.002])).toBe('[1e+21,1e-7,333333333.3333333,0,4.5,0.002]');
    expect(canonicalJson({ '\u20ac': 'Euro Sign', '\r': 'Carriage Return', '1': 'One', '\u00fc': 'u diaeresis' })).toBe('{"\\r":"Carriage Return","1":"One","ü":"u diaeresis","€":"Euro Sign"}');
  });

  it('leaves out undefined members as JSON does, and refuses a number JSON cannot hold', () => {
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(/NaN/);
  });
});
