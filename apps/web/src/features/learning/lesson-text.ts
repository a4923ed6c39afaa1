// A lesson file as the screen shows it: the front matter's title and sources (the format: decision 049 and
// check:programs), the Markdown body cut into its sections at the `##` headings, so that a long section can be
// folded (read more / read less, spec section 2). No YAML library: the front matter's few lines are read here.

export interface LessonSource {
  name: string;
  url: string;
}

export interface LessonSection {
  /** The `##` heading; none for the text before the first one. */
  heading?: string;
  /** The section's Markdown without its heading, in blocks (paragraphs, lists, `###` headings). */
  blocks: string[];
}

export interface LessonText {
  title: string;
  reviewed?: string;
  sources: LessonSource[];
  sections: LessonSection[];
}

const unquote = (value: string) => value.trim().replace(/^(["'])(.*)\1$/, '$2');

export function parseLessonText(text: string): LessonText {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  const front = match?.[1] ?? '';
  const body = match?.[2] ?? text;
  const field = (name: string) => {
    const line = new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(front);
    return line ? unquote(line[1]!.replace(/\s+#.*$/, '')) : undefined;
  };
  const sources: LessonSource[] = [];
  for (const line of front.split(/\r?\n/)) {
    const name = /^\s*-\s*name:\s*(.+)$/.exec(line);
    const url = /^\s*url:\s*(.+)$/.exec(line);
    if (name) sources.push({ name: unquote(name[1]!), url: '' });
    else if (url && sources.length > 0) sources.at(-1)!.url = unquote(url[1]!);
  }
  const sections: LessonSection[] = [];
  let current: LessonSection = { blocks: [] };
  for (const block of body
    .split(/\r?\n\s*\r?\n/)
    .map((part) => part.trim())
    .filter(Boolean)) {
    const heading = /^##\s+(.+?)\s*#*$/.exec(block.split(/\r?\n/)[0]!);
    if (heading && !block.startsWith('###')) {
      if (current.heading || current.blocks.length > 0) sections.push(current);
      const rest = block.split(/\r?\n/).slice(1).join('\n').trim();
      current = { heading: heading[1]!, blocks: rest ? [rest] : [] };
    } else current.blocks.push(block);
  }
  if (current.heading || current.blocks.length > 0) sections.push(current);
  return {
    title: field('title') ?? '',
    ...(field('reviewed') ? { reviewed: field('reviewed')! } : {}),
    sources: sources.filter((source) => source.url.startsWith('https://')),
    sections,
  };
}

/** Characters a section shows before it folds: past this, its first block shows and the rest waits behind read more. */
export const FOLD_AFTER_CHARACTERS = 400;

/** Whether a section is long enough to fold (more than one block, and longer than FOLD_AFTER_CHARACTERS). */
export const foldsSection = (section: LessonSection) =>
  section.blocks.length > 1 && section.blocks.join('\n\n').length > FOLD_AFTER_CHARACTERS;
