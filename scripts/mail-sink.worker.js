// A mail sink for the checkout bench (scripts/serve-worker.mjs --mail sink): it answers the
// send_email binding's call, `send({ from, to, subject, text, html })` → `{ messageId }`, as
// Cloudflare's e-mail service does deployed, and keeps nothing.
//
// Why it exists: locally the binding is miniflare's simulator, which stores each message in
// its e-mail store, writes its text and HTML to two temporary files and logs it, all on the one
// workerd thread that also serves the orders (about 4 ms of CPU per message here, more than the
// order itself). Deployed, that work is the e-mail service's, not the Worker's: the Worker pays
// for the call (the message copied to another isolate) and waits. The sink keeps that call and
// drops the simulator's storage, so the bench can show what the Worker itself costs next to the
// figure with the simulator. `npm start` and the tests keep the simulator. Whether the mail was
// sent is read where the product records it, its outbox (bench-checkout.mjs polls /_dev/mailbox.json).
import { WorkerEntrypoint } from 'cloudflare:workers';

export default class MailSink extends WorkerEntrypoint {
  async send(message) {
    // the binding refuses a message without a sender or a recipient, and so does the sink
    if (!message || typeof message.from !== 'string' || !message.from || typeof message.to !== 'string' || !message.to) throw new Error('send_email: "from" and "to" are required');
    if (!message.text && !message.html) throw new Error('send_email: a message needs "text" or "html"');
    return { messageId: `<${crypto.randomUUID()}@mail-sink.invalid>` };
  }
}
