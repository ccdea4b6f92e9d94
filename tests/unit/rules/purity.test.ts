import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(__dirname, '../../../lib/rules');
const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));

describe('lib/rules is pure', () => {
  it('has source files to check', () => expect(files.length).toBeGreaterThan(5));

  for (const file of files) {
    it(`${file} imports only sibling rule modules and uses no clock or I/O`, () => {
      const source = readFileSync(path.join(dir, file), 'utf8');
      const specifiers = [...source.matchAll(/(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1] as string);
      const dynamic = [...source.matchAll(/(?:import|require)\s*\(\s*['"]([^'"]+)['"]/g)].map((m) => m[1] as string);
      for (const spec of [...specifiers, ...dynamic]) {
        expect(spec, `${file} imports ${spec}`).toMatch(/^\.\/[a-z0-9-]+$/);
      }
      expect(source).not.toMatch(/Date\.now|new Date\(\s*\)|performance\.now|\bprocess\.(env|hrtime|cwd|argv)|Math\.random/);
      expect(source).not.toMatch(/from\s+['"](node:|fs|path|next|@\/db|drizzle|pg)/);
    });
  }
});
