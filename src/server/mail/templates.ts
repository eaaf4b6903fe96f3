import type { ContentLanguage } from '../../lib/language';
import { translator, type MessageId } from '../../i18n';

/**
 * The e-mails the product sends, in the user's language (cs or en), each as HTML with a
 * plain-text part. Texts live in translations/ under `mail.`; a template names its subject,
 * greeting, lines and its one button.
 */
export const MAIL_TEMPLATES = {
  welcome: { subject: 'mail.welcome.subject', lines: ['mail.welcome.intro', 'mail.welcome.confirm'], button: 'mail.welcome.button' },
  password_reset: { subject: 'mail.passwordReset.subject', lines: ['mail.passwordReset.intro', 'mail.passwordReset.expiry'], button: 'mail.passwordReset.button' },
  /** to the owner of an address someone tried to register with (the registration itself answers as for a new one) */
  register_existing: { subject: 'mail.registerExisting.subject', lines: ['mail.registerExisting.intro', 'mail.registerExisting.next'], button: 'mail.registerExisting.button' },
  login_link: { subject: 'mail.loginLink.subject', lines: ['mail.loginLink.intro', 'mail.loginLink.expiry'], button: 'mail.loginLink.button' },
  /** the caller adds the order's lines (orderMailLines: items, discount, total) and the payment instructions as `extra` */
  order_confirmation: { subject: 'mail.order.subject', lines: ['mail.order.intro'], button: 'mail.order.button', noIgnore: true },
  payment_received: { subject: 'mail.paid.subject', lines: ['mail.paid.intro', 'mail.paid.next'], button: 'mail.order.button', noIgnore: true },
  /** to the team of the topic, in Czech; the caller writes the submitted fields as `extra` lines; the button replies by mail */
  contact_team: { subject: 'mail.contact.team.subject', lines: ['mail.contact.team.intro'], button: 'mail.contact.team.button', noIgnore: true },
  /** to the sender, in the form's language; the caller adds the phone line (open now, or closed) as `extra` */
  contact_ack: { subject: 'mail.contact.ack.subject', lines: ['mail.contact.ack.intro', 'mail.contact.ack.answer'], button: 'mail.contact.ack.button', noIgnore: true },
  change_accepted: { subject: 'mail.change.accepted.subject', lines: ['mail.change.accepted.intro'], button: 'mail.change.button', noIgnore: true },
  change_rejected: { subject: 'mail.change.rejected.subject', lines: ['mail.change.rejected.intro'], button: 'mail.change.button', noIgnore: true },
  change_link: { subject: 'mail.change.link.subject', lines: ['mail.change.link.intro'], button: 'mail.change.button' },
  tracking_picked_up: { subject: 'mail.tracking.pickedUp.subject', lines: ['mail.tracking.pickedUp.intro', 'mail.tracking.expected'], button: 'mail.tracking.button', noIgnore: true },
  tracking_out_for_delivery: { subject: 'mail.tracking.outForDelivery.subject', lines: ['mail.tracking.outForDelivery.intro'], button: 'mail.tracking.button', noIgnore: true },
  tracking_ready_for_pickup: { subject: 'mail.tracking.readyForPickup.subject', lines: ['mail.tracking.readyForPickup.intro'], button: 'mail.tracking.button', noIgnore: true },
  /** the tracking_* mails go to the recipient with their recipient token: no rating (that is the orderer's, with the order token) */
  tracking_delivered: { subject: 'mail.tracking.delivered.subject', lines: ['mail.tracking.delivered.intro'], button: 'mail.tracking.button', noIgnore: true },
  /** to the customer who filed a claim: its number and the link to its page */
  claim_received: { subject: 'mail.claim.received.subject', lines: ['mail.claim.received.intro', 'mail.claim.received.next'], button: 'mail.claim.button', noIgnore: true },
  /** to the customer when the team moves the claim; the team's message, if any, is an `extra` line */
  claim_updated: { subject: 'mail.claim.updated.subject', lines: ['mail.claim.updated.intro', 'mail.claim.updated.explanation'], button: 'mail.claim.button', noIgnore: true },
  /** after a storno (or money the order does not keep): a bank refund waits for the payer's account, given on the order page */
  refund_account: { subject: 'mail.refundAccount.subject', lines: ['mail.refundAccount.intro', 'mail.refundAccount.ask'], button: 'mail.refundAccount.button', noIgnore: true },
} satisfies Record<string, { subject: MessageId; lines: MessageId[]; button: MessageId; noIgnore?: boolean }>;

export type MailTemplate = keyof typeof MAIL_TEMPLATES;
export type MailLanguage = ContentLanguage;
export type RenderedMail = { subject: string; text: string; html: string };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** `values` fill the placeholders of every text ({number}, {amount} …); `extra` are lines written by the caller (payment instructions) */
export type MailValues = { name: string; link: string; values?: Record<string, string>; extra?: string[] };

export function renderMail(template: MailTemplate, language: MailLanguage, values: MailValues): RenderedMail {
  const t = translator(language);
  const spec: { subject: MessageId; lines: MessageId[]; button: MessageId; noIgnore?: boolean } = MAIL_TEMPLATES[template];
  const fill = values.values ?? {};
  const subject = t(spec.subject, fill);
  const greeting = t('mail.greeting', { name: values.name });
  const lines = [...spec.lines.map((id) => t(id, fill)), ...(values.extra ?? [])];
  const button = t(spec.button);
  const signature = t('mail.signature');
  const ignore = spec.noIgnore ? '' : t('mail.ignore');
  const text = [greeting, '', ...lines, '', `${button}: ${values.link}`, '', ...(ignore ? [ignore, ''] : []), signature].join('\n');
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fa;font-family:Arial,Helvetica,sans-serif;color:#1d2733">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<p style="font-size:16px">${escapeHtml(greeting)}</p>
${lines.map((line) => `<p style="font-size:15px;line-height:1.5">${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(values.link)}" style="background:#e6007e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(button)}</a></p>
<p style="font-size:13px;color:#5b6675">${escapeHtml(t('mail.linkFallback'))}<br><a href="${escapeHtml(values.link)}" style="color:#0b5cad;word-break:break-all">${escapeHtml(values.link)}</a></p>
${ignore ? `<p style="font-size:13px;color:#5b6675">${escapeHtml(ignore)}</p>` : ''}
<p style="font-size:15px">${escapeHtml(signature)}</p>
</td></tr></table>
</body></html>`;
  return { subject, text, html };
}
