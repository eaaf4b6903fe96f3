/**
 * The mail seam: how a rendered message leaves. On the platform it is the `send_email`
 * binding (wrangler dev simulates it locally); tests pass their own.
 */
export type OutgoingMail = { from: string; to: string; subject: string; text: string; html: string };

export interface MailTransport {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
}

export const platformMail = (binding: SendEmail): MailTransport => ({
  async send(mail) {
    const result = await binding.send({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    return { messageId: result.messageId };
  },
});
