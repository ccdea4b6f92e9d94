// How lib turns a template id and its props into a mail, without knowing the templates: emails/
// implements MailRenderer (emails/renderer.ts) and every process that may send mail provides it
// once at start-up (instrumentation.ts for the server, the commands' entry points, the test setup).
// The renderer is kept on globalThis, as the database handle is, so that a server whose routes are
// bundled apart still shares the one its start-up provided.
import type { EmailTemplateId, EmailTemplates, JobTemplateId, RenderedEmail } from './templates';

export interface MailRenderer {
  /** Renders one mail: its subject, HTML and plain text. */
  render<K extends EmailTemplateId>(id: K, props: EmailTemplates[K]): Promise<RenderedEmail>;
  /** The same mail as `render` gives, by a path fast enough for the daily job's thousands. */
  renderForJob<K extends JobTemplateId>(id: K, props: EmailTemplates[K]): Promise<RenderedEmail>;
}

const KEY = Symbol.for('mmp.mail.renderer');
type Holder = { [KEY]?: MailRenderer };
const holder = globalThis as Holder;

/** Called once by each entry point (through emails/register.ts); a later call replaces it. */
export function provideMailRenderer(renderer: MailRenderer): void {
  holder[KEY] = renderer;
}

function renderer(): MailRenderer {
  const provided = holder[KEY];
  // A wiring fault, not a user's: every entry point imports emails/register before it serves.
  if (!provided) throw new Error('No mail renderer: the entry point must import "@/emails/register" before mail is sent');
  return provided;
}

export function renderMail<K extends EmailTemplateId>(id: K, props: EmailTemplates[K]): Promise<RenderedEmail> {
  return renderer().render(id, props);
}

export function renderJobMail<K extends JobTemplateId>(id: K, props: EmailTemplates[K]): Promise<RenderedEmail> {
  return renderer().renderForJob(id, props);
}
