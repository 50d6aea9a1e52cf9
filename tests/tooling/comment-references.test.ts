import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Comments cite the project's own docs (a docs file and the heading of its section, quoted), where
// each rule is written in the project's words, and name only files that exist. Every comment of
// the code the repository tracks is read, and every offender is reported as file:line with what
// it cites.

const ROOT = resolve(__dirname, '../..');
const FOLDERS = ['src', 'server/src', 'sw', 'scripts', 'tests', 'e2e'];
const CODE = /\.(?:ts|tsx|js|css)$/;

interface Comment {
  file: string;
  /** The line the comment starts on, from 1. */
  line: number;
  /** Its text without the comment marks; its lines joined by newlines. */
  text: string;
}

/** The files git tracks under the folders, with the code extensions. */
function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', ...FOLDERS], { cwd: ROOT, encoding: 'utf8' });
  return out.split('\0').filter((file) => CODE.test(file));
}

/** Whether a `/` at `i` starts a regular expression rather than a division, from the code before it. */
function startsRegex(source: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && /\s/.test(source[j] as string)) j--;
  if (j < 0) return true;
  const before = source[j] as string;
  if ('(,=:[!&|?{};+-*%<>~^'.includes(before)) return true;
  const word = /([A-Za-z_$][\w$]*)$/.exec(source.slice(Math.max(0, j - 10), j + 1))?.[1];
  return word === 'return' || word === 'typeof' || word === 'case' || word === 'in' || word === 'of';
}

/**
 * The comments of a file: `//` comments (a run of them on consecutive lines is one comment) and
 * `/* … *\/` blocks. Strings, template literals (with their `${…}` parts) and regular expressions
 * are skipped; a CSS file has block comments only.
 */
function commentsOf(file: string, source: string): Comment[] {
  const css = file.endsWith('.css');
  const comments: Comment[] = [];
  const lineAt: number[] = [];
  for (let i = 0, line = 1; i <= source.length; i++) {
    lineAt.push(line);
    if (source[i] === '\n') line++;
  }
  const templateDepths: number[] = []; // the brace depth each open `${` returns to its template at
  let depth = 0;
  let i = 0;
  let run: Comment | null = null; // the `//` comment the next line's `//` comment goes on
  let runEnd = 0; // the last line of that run

  /** Skips a template literal's text from `i` (after its backtick or a `}`), to its end or a `${`. */
  const skipTemplate = () => {
    while (i < source.length) {
      const c = source[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        i += 2;
        templateDepths.push(depth);
        depth++;
        return;
      } else i++;
    }
  };

  while (i < source.length) {
    const c = source[i] as string;
    const next = source[i + 1];
    if (c === '/' && next === '/' && !css) {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      const text = source.slice(i + 2, stop).replace(/^\/+/, '');
      const line = lineAt[i] as number;
      const alone = /^\s*$/.test(source.slice(source.lastIndexOf('\n', i - 1) + 1, i));
      if (run && alone && runEnd === line - 1) run.text += `\n${text}`;
      else {
        run = { file, line, text };
        comments.push(run);
      }
      runEnd = line;
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end;
      const text = source
        .slice(i + 2, stop)
        .split('\n')
        .map((part) => part.replace(/^\s*\*+/, '').replace(/^\*+/, ''))
        .join('\n');
      comments.push({ file, line: lineAt[i] as number, text });
      run = null;
      i = stop + 2;
    } else if (c === "'" || c === '"') {
      i++;
      while (i < source.length && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '`' && !css) {
      i++;
      skipTemplate();
    } else if (c === '/' && !css && startsRegex(source, i)) {
      i++;
      let inClass = false;
      while (i < source.length && source[i] !== '\n') {
        const r = source[i];
        if (r === '\\') i++;
        else if (r === '[') inClass = true;
        else if (r === ']') inClass = false;
        else if (r === '/' && !inClass) break;
        i++;
      }
      i++;
    } else if (c === '{') {
      depth++;
      i++;
    } else if (c === '}') {
      depth--;
      i++;
      if (templateDepths.length > 0 && templateDepths.at(-1) === depth) {
        templateDepths.pop();
        skipTemplate();
      }
    } else {
      i++;
    }
  }
  return comments;
}

// Every comment of the tracked code, read once for the checks below.
const comments: Comment[] = trackedFiles().flatMap((file) => commentsOf(file, readFileSync(resolve(ROOT, file), 'utf8')));

/** Each match of `pattern` in the comment's text, with the line it is on. */
function matches(comment: Comment, pattern: RegExp): { line: number; match: RegExpExecArray }[] {
  // The comment's lines are joined by spaces, so a reference may run over a line break.
  const flat = comment.text.replace(/\n\s*/g, (gap) => ' '.padEnd(gap.length));
  const found: { line: number; match: RegExpExecArray }[] = [];
  for (const match of flat.matchAll(new RegExp(pattern.source, 'g'))) {
    const line = comment.line + (comment.text.slice(0, match.index).match(/\n/g)?.length ?? 0);
    found.push({ line, match: match as RegExpExecArray });
  }
  return found;
}

// A section number of the specification, which is not in the repository: the section sign and a
// number, after the part's number (01 to 03) or alone. A section of a law or of an RFC (HIPAA §164.312,
// RFC 9113 §8.2.2) is none of the specification's.
const SECTION = /(?:\b0[123] )?(?<!HIPAA |CFR |RFC \d+ )§\s?\d+/;

// A path the repository holds: one under a known top folder, or a root document. A path with
// `*`, `{` or `<` in it is a pattern ('src/features/<area>/') and is not checked.
const PATH = /(?<![\w@./-])(?:(?:src|server|docs|scripts|tests|e2e|sw|public)\/[^\s'"`()[\],;]*|(?:ARCHITECTURE|README)\.md)/;

/** A cited path as it stands in the repository: trailing punctuation, an anchor or a line number left off. */
function cleanPath(token: string): string {
  return token
    .replace(/#.*$/, '')
    .replace(/[.,:;!?'"`…)\]}>]+$/, '')
    .replace(/:\d+(?::\d+)?$/, '');
}

/** Whether the path names a file or a folder; a module path may leave out its extension. */
function pathExists(path: string): boolean {
  return ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx'].some((ending) => existsSync(resolve(ROOT, path + ending)));
}

// A doc and the heading of its section, quoted: "docs/OFFLINE.md 'The outbox'". The quoted text
// may hold an apostrophe followed by a letter ('Wristbands and the Badges page's operations').
const CITATION = /((?:docs\/[\w-]+|ARCHITECTURE|README)\.md)\s+'((?:[^'\n]|'(?=[A-Za-z]))+)'/;

/**
 * The names a section of a doc may be cited by: each `#` heading as written, and as read without
 * its backtick-quoted parts, its bracketed parts and its leading number ('### Users
 * (`src/features/users/`)' is 'Users'; '## 4. Compliance (overview-stats, …)' is 'Compliance').
 * The docs also name the entries of a long section in bold at the start of a list item or a
 * paragraph ('- **Import Users** (a dialog …)'): those names count as headings too. A citation
 * gives a name whole or its opening words ('Decisions' for 'Decisions where the specification
 * leaves …'), case-sensitive.
 */
function sectionNames(doc: string): Set<string> {
  const names = new Set<string>();
  const bare = (name: string) =>
    name
      .replace(/`[^`]*`/g, '')
      .replace(/\([^()]*\)/g, '')
      .replace(/^\d+(?:\.\d+)*\.?\s+/, '')
      .replace(/\s+/g, ' ')
      .replace(/[\s.:]+$/, '')
      .trim();
  let fenced = false;
  for (const line of readFileSync(resolve(ROOT, doc), 'utf8').split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    if (fenced) continue;
    const heading = /^#{1,6}\s+(.+?)\s*$/.exec(line)?.[1];
    const entry = /^\s*(?:[-*]\s+)?\*\*(.+?)\*\*/.exec(line)?.[1];
    for (const name of [heading, entry]) {
      if (!name) continue;
      names.add(name.trim());
      names.add(bare(name));
    }
  }
  return names;
}

describe('code comments', () => {
  it('are read from the tracked code', () => {
    expect(comments.length).toBeGreaterThan(1000);
    expect(new Set(comments.map((c) => c.file.split('/')[0]))).toEqual(new Set(['src', 'server', 'sw', 'scripts', 'tests', 'e2e']));
  });

  it("cite no section number of the specification, but the project's own docs", () => {
    const offenders = comments.flatMap((comment) =>
      matches(comment, SECTION).map(({ line, match }) => `${comment.file}:${line}: ${match[0]}`),
    );
    expect(offenders).toEqual([]);
  });

  it('name only paths the repository holds', () => {
    const offenders = comments.flatMap((comment) =>
      matches(comment, PATH).flatMap(({ line, match }) => {
        const path = cleanPath(match[0]);
        if (/[*{<]/.test(path) || pathExists(path)) return [];
        return [`${comment.file}:${line}: ${path}`];
      }),
    );
    expect(offenders).toEqual([]);
  });

  it('cite sections of a doc by a heading it has', () => {
    const names = new Map<string, Set<string>>();
    const offenders = comments.flatMap((comment) =>
      matches(comment, CITATION).flatMap(({ line, match }) => {
        const [, doc, heading] = match as unknown as [string, string, string];
        if (!existsSync(resolve(ROOT, doc))) return [`${comment.file}:${line}: ${doc} (no such doc)`];
        if (!names.has(doc)) names.set(doc, sectionNames(doc));
        const cited = heading.replace(/\s+/g, ' ');
        const known = [...(names.get(doc) ?? [])].some((name) => name === cited || name.startsWith(`${cited} `) || name.startsWith(`${cited}:`));
        return known ? [] : [`${comment.file}:${line}: ${doc} '${cited}'`];
      }),
    );
    expect(offenders).toEqual([]);
  });
});
