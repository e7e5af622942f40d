import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue #31 item 9: docs/where-rules-live.md names, for each spec area, the file and the
// exported symbols that hold its rule. Every path it names must exist and export every
// symbol named after it, so the page fails here when a rule moves or is renamed.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOC = 'docs/where-rules-live.md';

interface Entry {
  rule: string;
  file: string;
  symbols: string[];
}

/** The rows of the page's tables: the first cell is the rule, the last says where. */
function entriesOf(markdown: string): Entry[] {
  const entries: Entry[] = [];
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|') || /^\|[\s|:-]+\|$/.test(line)) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const rule = cells[0] ?? '';
    if (rule === 'Rule') continue;
    const tokens = [...(cells.at(-1) ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    let current: Entry | null = null;
    for (const token of tokens) {
      if (/\.(ts|tsx)$/.test(token)) {
        current = { rule, file: token, symbols: [] };
        entries.push(current);
      } else if (current) {
        current.symbols.push(token);
      } else {
        entries.push({ rule, file: '', symbols: [token] });
      }
    }
    if (tokens.length === 0) entries.push({ rule, file: '', symbols: [] });
  }
  return entries;
}

/** The names a module exports: exported declarations and `export { … }` lists. */
function exportedNames(file: string): Set<string> {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(ROOT, file), 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause) {
      if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) names.add(element.name.text);
      }
      continue;
    }
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    if (!exported) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
      }
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.add(statement.name.text);
    }
  }
  return names;
}

/** What is wrong with the page's entries: one line per missing file or symbol. */
function problemsOf(entries: Entry[]): string[] {
  const problems: string[] = [];
  for (const { rule, file, symbols } of entries) {
    if (!file) {
      problems.push(`"${rule}": names no file`);
      continue;
    }
    if (!existsSync(path.join(ROOT, file))) {
      problems.push(`"${rule}": ${file} does not exist`);
      continue;
    }
    if (symbols.length === 0) problems.push(`"${rule}": names no symbol of ${file}`);
    const exported = exportedNames(file);
    for (const symbol of symbols) {
      if (!exported.has(symbol)) problems.push(`"${rule}": ${file} does not export ${symbol}`);
    }
  }
  return problems;
}

describe(DOC, () => {
  it('names only files that exist and symbols they export', () => {
    const entries = entriesOf(readFileSync(path.join(ROOT, DOC), 'utf8'));
    expect(problemsOf(entries)).toEqual([]);
    // Every spec area has its table: the page is not read as empty.
    expect(entries.length).toBeGreaterThanOrEqual(60);
    expect(new Set(entries.map((entry) => entry.file)).size).toBeGreaterThanOrEqual(50);
  });

  it('reports a missing file, a missing symbol and a row without a file', () => {
    const page = [
      '| Rule | Where |',
      '| ---- | ----- |',
      '| gone | `shared/domain/no-such-rule.ts` `rule` |',
      '| renamed | `shared/domain/funnel-rates.ts` `funnelRates`, `noSuchRate` |',
      '| loose | `funnelRates` |',
    ].join('\n');
    expect(problemsOf(entriesOf(page))).toEqual([
      '"gone": shared/domain/no-such-rule.ts does not exist',
      '"renamed": shared/domain/funnel-rates.ts does not export noSuchRate',
      '"loose": names no file',
    ]);
  });

  it('counts a declared but unexported name as missing', () => {
    // This file declares entriesOf and exports nothing.
    const names = exportedNames('tests/tooling/where-rules-live.test.ts');
    expect(names.has('entriesOf')).toBe(false);
    expect(exportedNames('shared/domain/compliance.ts').has('callCompliancePercent')).toBe(true);
  });
});
