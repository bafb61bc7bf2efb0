/**
 * Mail through nodemailer. Without SMTP_URL each message is written as an .eml file to
 * DATA_DIR/outbox (links work on a fresh machine; tests read them); with it, sent for real.
 * Messages are sent by the job queue ('mail' jobs), never inline in a request.
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

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

export function createMailer(opts: { smtpUrl?: string; outboxDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from: FROM, ...m });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir: opts.outboxDir,
    async send(m) {
      const info = await transport.sendMail({ from: FROM, ...m });
      fs.mkdirSync(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`;
      fs.writeFileSync(path.join(opts.outboxDir, name), info.message as Buffer);
    },
  };
}
