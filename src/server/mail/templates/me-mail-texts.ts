import type { Language } from '../../../shared/i18n/languages';

// The words of the sign-in e-mail of a traveller's own page (issue 47) and of the "Your page"
// line every customer e-mail carries (decision 183), in the six languages.

const en = {
  subject: (gym: string) => `Your sign-in link for ${gym}`,
  intro: (minutes: number) => `Here is your link to your page. It signs you in once, on the device that opens it, within ${minutes} minutes.`,
  signIn: 'Sign in to your page',
  codeIntro: 'On another device, or if the link opens in your mail app, type this code on the page instead:',
  labelCode: 'Code',
  notYou: 'Did not ask for it? Ignore this e-mail: no one signs in without the link or the code.',
  yourPage: 'Your page',
};

export type MeMailTexts = typeof en;

const ru: MeMailTexts = {
  subject: (gym) => `Ваша ссылка для входа — ${gym}`,
  intro: (minutes) => `Вот ссылка на вашу страницу. Она открывает вход один раз, на устройстве, где её открыли, в течение ${minutes} минут.`,
  signIn: 'Войти на свою страницу',
  codeIntro: 'На другом устройстве или если ссылка открылась в почтовом приложении, введите на странице этот код:',
  labelCode: 'Код',
  notYou: 'Вы не запрашивали вход? Просто не обращайте внимания на это письмо: без ссылки или кода никто не войдёт.',
  yourPage: 'Ваша страница',
};

const zh: MeMailTexts = {
  subject: (gym) => `${gym} 的登录链接`,
  intro: (minutes) => `这是进入您个人页面的链接。它在 ${minutes} 分钟内有效，只能在打开它的设备上登录一次。`,
  signIn: '登录我的页面',
  codeIntro: '在其他设备上，或链接在邮件应用中打开时，请在页面上输入此验证码：',
  labelCode: '验证码',
  notYou: '不是您本人请求的？请忽略此邮件：没有链接或验证码，任何人都无法登录。',
  yourPage: '我的页面',
};

const de: MeMailTexts = {
  subject: (gym) => `Ihr Anmeldelink für ${gym}`,
  intro: (minutes) => `Hier ist Ihr Link zu Ihrer Seite. Er meldet Sie einmal an, auf dem Gerät, das ihn öffnet, innerhalb von ${minutes} Minuten.`,
  signIn: 'Bei Ihrer Seite anmelden',
  codeIntro: 'Auf einem anderen Gerät, oder wenn sich der Link in Ihrer Mail-App öffnet, geben Sie stattdessen diesen Code auf der Seite ein:',
  labelCode: 'Code',
  notYou: 'Nicht angefordert? Ignorieren Sie diese E-Mail: Ohne den Link oder den Code meldet sich niemand an.',
  yourPage: 'Ihre Seite',
};

const fr: MeMailTexts = {
  subject: (gym) => `Votre lien de connexion pour ${gym}`,
  intro: (minutes) => `Voici le lien vers votre page. Il vous connecte une seule fois, sur l’appareil qui l’ouvre, dans les ${minutes} minutes.`,
  signIn: 'Me connecter à ma page',
  codeIntro: 'Sur un autre appareil, ou si le lien s’ouvre dans votre application de messagerie, saisissez plutôt ce code sur la page :',
  labelCode: 'Code',
  notYou: 'Vous n’avez rien demandé ? Ignorez cet e-mail : personne ne se connecte sans le lien ou le code.',
  yourPage: 'Votre page',
};

const th: MeMailTexts = {
  subject: (gym) => `ลิงก์เข้าสู่ระบบของคุณสำหรับ ${gym}`,
  intro: (minutes) => `นี่คือลิงก์ไปยังหน้าของคุณ ใช้เข้าสู่ระบบได้ครั้งเดียว บนอุปกรณ์ที่เปิดลิงก์ ภายใน ${minutes} นาที`,
  signIn: 'เข้าสู่หน้าของฉัน',
  codeIntro: 'บนอุปกรณ์อื่น หรือหากลิงก์เปิดในแอปอีเมล ให้พิมพ์รหัสนี้ในหน้าแทน:',
  labelCode: 'รหัส',
  notYou: 'ไม่ได้ขอใช่ไหม? ไม่ต้องสนใจอีเมลนี้ ไม่มีใครเข้าสู่ระบบได้หากไม่มีลิงก์หรือรหัส',
  yourPage: 'หน้าของคุณ',
};

export const ME_MAIL_TEXTS: Record<Language, MeMailTexts> = { en, ru, zh, de, fr, th };
