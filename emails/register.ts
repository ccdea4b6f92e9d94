// Imported once by every entry point that may send mail (the server's instrumentation, the
// commands, the test setup): gives lib the templates' renderer (lib/mail/renderer.ts).
import { provideMailRenderer } from '@/lib/mail/renderer';
import { mailRenderer } from './index';

provideMailRenderer(mailRenderer);
