import { isLanguage, type Language } from '../../../shared/i18n/languages';
import type { OutgoingMail } from '../outgoing-mail';
import { mailMessages } from './i18n';
import { checkedUrl, mail, p, type Block, type LayoutConfig } from './mail-layout';
import { customerMail } from './me-mails';

// The visa letter's e-mails (issue 35): to the holder, the letter attached (the PDF is in English,
// what embassies read; the e-mail in the holder's language); to the gym, a request to check
// (English, as the other staff notices).

const en = {
  subject: (reference: string) => `Your visa letter ${reference}`,
  intro: (gym: string) => `Here is your letter of enrolment from ${gym} for your Destination Thailand Visa (DTV) application, attached as a PDF.`,
  verify: 'The embassy can check it with the QR code on the letter. You can also download it again from your order page.',
  note: 'The letter supports your application; the embassy also asks for other documents (proof of funds, insurance) and decides on the visa.',
  seeOrder: 'See your order',
};
type Texts = typeof en;

const TEXTS: Record<Language, Texts> = {
  en,
  fr: {
    subject: (reference) => `Votre lettre pour le visa ${reference}`,
    intro: (gym) => `Voici votre attestation d’inscription de ${gym} pour votre demande de visa Destination Thailand (DTV), jointe en PDF.`,
    verify: 'L’ambassade peut la vérifier avec le QR code imprimé. Vous pouvez aussi la télécharger à nouveau depuis la page de votre commande.',
    note: 'La lettre appuie votre demande ; l’ambassade demande aussi d’autres pièces (ressources, assurance) et décide seule du visa.',
    seeOrder: 'Voir votre commande',
  },
  de: {
    subject: (reference) => `Ihr Visumsschreiben ${reference}`,
    intro: (gym) => `Anbei Ihre Anmeldebestätigung von ${gym} für Ihren Antrag auf ein Destination Thailand Visa (DTV) als PDF.`,
    verify: 'Die Botschaft kann sie über den QR-Code auf dem Schreiben prüfen. Sie können sie auch erneut auf Ihrer Bestellseite herunterladen.',
    note: 'Das Schreiben unterstützt Ihren Antrag; die Botschaft verlangt weitere Unterlagen (Finanznachweis, Versicherung) und entscheidet über das Visum.',
    seeOrder: 'Bestellung ansehen',
  },
  ru: {
    subject: (reference) => `Ваше письмо для визы ${reference}`,
    intro: (gym) => `Во вложении (PDF) — письмо о зачислении от ${gym} для вашего заявления на визу Destination Thailand Visa (DTV).`,
    verify: 'Посольство может проверить письмо по QR-коду на нём. Письмо можно снова скачать на странице заказа.',
    note: 'Письмо подкрепляет заявление; посольство запрашивает и другие документы (подтверждение средств, страховку) и само решает вопрос о визе.',
    seeOrder: 'Открыть заказ',
  },
  th: {
    subject: (reference) => `จดหมายสำหรับวีซ่าของคุณ ${reference}`,
    intro: (gym) => `แนบจดหมายรับรองการลงทะเบียนจาก ${gym} สำหรับการยื่นขอวีซ่า Destination Thailand Visa (DTV) เป็นไฟล์ PDF`,
    verify: 'สถานทูตตรวจสอบได้ด้วย QR code บนจดหมาย และคุณดาวน์โหลดอีกครั้งได้จากหน้าคำสั่งซื้อ',
    note: 'จดหมายนี้ใช้ประกอบการยื่นขอ สถานทูตยังขอเอกสารอื่น (หลักฐานการเงิน ประกันภัย) และเป็นผู้พิจารณาวีซ่า',
    seeOrder: 'ดูคำสั่งซื้อ',
  },
  zh: {
    subject: (reference) => `您的签证信函 ${reference}`,
    intro: (gym) => `附件（PDF）是 ${gym} 为您申请泰国目的地签证（DTV）开具的注册证明信。`,
    verify: '使馆可通过信上的二维码核验。您也可以在订单页面再次下载。',
    note: '此信用于支持您的申请；使馆还会要求其他材料（资金证明、保险），并自行决定是否签发签证。',
    seeOrder: '查看订单',
  },
};

export interface VisaLetterMailInput {
  to: string;
  name: string;
  language: string;
  reference: string;
  pdf: Uint8Array;
  orderUrl: string | null;
}

/** To the holder: the letter, attached. */
export function visaLetterMail(config: LayoutConfig, m: VisaLetterMailInput): OutgoingMail {
  const lang: Language = isLanguage(m.language) ? m.language : 'en';
  const t = TEXTS[lang];
  const blocks: Block[] = [p(mailMessages(lang).hello(m.name)), p(t.intro(config.gym.name)), p(t.verify), { kind: 'note', text: t.note }];
  if (m.orderUrl) blocks.push({ kind: 'action', label: t.seeOrder, href: checkedUrl(m.orderUrl) });
  return customerMail(
    config,
    m.to,
    t.subject(m.reference),
    blocks,
    { attachments: [{ filename: `${m.reference}.pdf`, content: Buffer.from(m.pdf).toString('base64'), encoding: 'base64', contentType: 'application/pdf' }] },
    lang,
  );
}

/** To the gym: a traveller asked for a letter (no passport data in the e-mail: staff read it signed in). */
export function visaRequestStaffMail(config: LayoutConfig, to: string, r: { orderReference: string; programme: string; nameDiffers: boolean }): OutgoingMail {
  const blocks: Block[] = [
    p(`A visa letter was requested for order ${r.orderReference} (${r.programme}).`),
    ...(r.nameDiffers ? [p('The name given differs from the name on the order: check it against the passport before issuing.')] : []),
    { kind: 'action', label: 'Open the visa letters', href: `${config.publicUrl}/admin/visas` },
  ];
  return mail(config, to, `Visa letter requested: ${r.orderReference}`, blocks, {});
}
