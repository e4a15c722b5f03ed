import { isLanguage, type Language } from '../../../shared/i18n/languages';
import type { OutgoingMail } from '../outgoing-mail';
import { languageBase, mailMessages } from './i18n';
import { checkedUrl, mail, p, type Block, type LayoutConfig } from './mail-layout';
import { ME_MAIL_TEXTS } from './me-mail-texts';

// A traveller's own page (issue 47): the sign-in e-mail (a link that signs in once, and a code
// for another device), and the "Your page" line of every customer e-mail (decision 183), which
// opens the page where a fresh link is asked for: no old e-mail ever holds a way in.

const texts = (language: Language | undefined) => ME_MAIL_TEXTS[isLanguage(language) ? language : 'en'];

/** The traveller's page in the language: PUBLIC_URL/me, PUBLIC_URL/ru/me, … */
export const myPageUrl = (publicUrl: string, language: Language | undefined): string => `${languageBase(publicUrl, language)}/me`;

/** The "Your page" line: the page's address, no token and no e-mail in it. */
export function yourPageBlock(config: Pick<LayoutConfig, 'publicUrl'>, language: Language | undefined): Block {
  const url = checkedUrl(myPageUrl(config.publicUrl, language));
  return { kind: 'facts', rows: [{ label: texts(language).yourPage, value: url, href: url }] };
}

export interface SignInMailInput {
  to: string;
  name: string;
  language: Language;
  /** The link's page, its token in the query. */
  url: string;
  code: string;
  minutes: number;
}

/** The sign-in e-mail: the button (its link signs in once) and the code for another device. */
export function signInMail(config: LayoutConfig, s: SignInMailInput): OutgoingMail {
  const t = texts(s.language);
  const blocks: Block[] = [
    p(mailMessages(s.language).hello(s.name)),
    p(t.intro(s.minutes)),
    { kind: 'action', label: t.signIn, href: checkedUrl(s.url) },
    p(t.codeIntro),
    { kind: 'facts', rows: [{ label: t.labelCode, value: s.code }] },
    { kind: 'note', text: t.notYou },
  ];
  return mail(config, s.to, t.subject(config.gym.name), blocks, {}, s.language);
}

/** A customer's e-mail: the layout's, ending with the "Your page" line (decision 183). */
export function customerMail(...args: Parameters<typeof mail>): OutgoingMail {
  const [config, to, subject, blocks, extra, language] = args;
  return mail(config, to, subject, [...blocks, yourPageBlock(config, language)], extra, language);
}
