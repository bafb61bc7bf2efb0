/**
 * Mail through nodemailer. Without SMTP_URL each message is written as an .eml file to
 * DATA_DIR/outbox (links work on a fresh machine; tests read them); with it, sent for real.
 * Messages are sent by the job queue ('mail' jobs), never inline in a request.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  outboxDir?: string;
}

const FROM = process.env.MAIL_FROM ?? 'PLM Workbench <no-reply@plm.local>';

/**
 * nodemailer is loaded and the transport made by the first message (the 'mail' job), not at the
 * server's start: ~0.1 s of modules a process that sends nothing never needs.
 */
export function createMailer(opts: { smtpUrl?: string; outboxDir: string }): Mailer {
  let transport: Promise<Transporter> | undefined;
  const transporter = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  if (opts.smtpUrl) {
    return {
      async send(m) {
        await (await transporter()).sendMail({ from: FROM, ...m });
      },
    };
  }
  return {
    outboxDir: opts.outboxDir,
    async send(m) {
      const info = await (await transporter()).sendMail({ from: FROM, ...m });
      fs.mkdirSync(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`;
      fs.writeFileSync(path.join(opts.outboxDir, name), info.message as Buffer);
    },
  };
}
