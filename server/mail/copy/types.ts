/** What one mail says, before the layout turns it into HTML and plain text. */
export interface MailContent {
  subject: string;
  /** The first line shown; starts the mail. */
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Lines after the button: validity, "if this was not you". */
  notes: string[];
}

export interface LinkMail {
  name: string;
  url: string;
  minutes: number;
}

/** Every text of the mails in one language; a missing one is a type error. */
export interface MailCopy {
  layout: {
    /** Under the button: the address written out for clients that do not show buttons. */
    fallback: string;
    signature: string;
    footer: (p: { email: string }) => string;
  };
  verifyEmail: (p: LinkMail) => MailContent;
  confirmNewEmail: (p: LinkMail & { email: string }) => MailContent;
  resetPassword: (p: LinkMail) => MailContent;
  passwordChanged: (p: { name: string; url: string; when: string }) => MailContent;
  /** Sent to the address before anonymisation replaces it (docs/adr/0089); no button: nothing is left to open. */
  accountClosed: (p: { name: string; when: string }) => MailContent;
}
