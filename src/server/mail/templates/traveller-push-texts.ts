import type { Language } from '../../../shared/i18n/languages';

// The words of a traveller's push notifications (issue 47 point 6, decision 188), in the six
// languages: short, as a phone's lock screen shows them. `when` and `amount` come formatted in
// the reader's language (traveller-push.ts).

const en = {
  offerTitle: (course: string) => `A place is free: ${course}`,
  offerBody: (when: string) => `${when}. The place is yours if you take it in time: open your page.`,
  cancelTitle: (course: string) => `Class cancelled: ${course}`,
  cancelBody: (when: string) => `The gym cancelled the class of ${when}. Your credit is back; book another time on your page.`,
  moveTitle: (course: string) => `Class moved: ${course}`,
  moveBody: (when: string) => `The class now takes place ${when}. Your place goes with it.`,
  balanceTitle: (reference: string) => `Balance due soon: ${reference}`,
  balanceBody: (amount: string, date: string) => `${amount} left to pay by ${date}. Pay from your page.`,
  arrivalTitle: 'Your arrival day',
  arrivalBody: (date: string) => `Check-in today, ${date}. Your room, dates and pickup are on your page.`,
};

export type TravellerPushTexts = typeof en;

const ru: TravellerPushTexts = {
  offerTitle: (course) => `Освободилось место: ${course}`,
  offerBody: (when) => `${when}. Место ваше, если успеете его взять: откройте свою страницу.`,
  cancelTitle: (course) => `Занятие отменено: ${course}`,
  cancelBody: (when) => `Зал отменил занятие ${when}. Кредит возвращён; выберите другое время на своей странице.`,
  moveTitle: (course) => `Занятие перенесено: ${course}`,
  moveBody: (when) => `Теперь занятие проходит ${when}. Ваше место сохранено.`,
  balanceTitle: (reference) => `Скоро срок оплаты: ${reference}`,
  balanceBody: (amount, date) => `Осталось оплатить ${amount} до ${date}. Оплатите на своей странице.`,
  arrivalTitle: 'Сегодня ваш приезд',
  arrivalBody: (date) => `Заселение сегодня, ${date}. Комната, даты и трансфер — на вашей странице.`,
};

const zh: TravellerPushTexts = {
  offerTitle: (course) => `有空位了：${course}`,
  offerBody: (when) => `${when}。及时确认，名额就是您的：请打开您的页面。`,
  cancelTitle: (course) => `课程已取消：${course}`,
  cancelBody: (when) => `场馆取消了 ${when} 的课程。课时已退回；请在您的页面预订其他时间。`,
  moveTitle: (course) => `课程已调整：${course}`,
  moveBody: (when) => `课程改为 ${when}。您的名额随之保留。`,
  balanceTitle: (reference) => `尾款即将到期：${reference}`,
  balanceBody: (amount, date) => `请在 ${date} 前支付剩余的 ${amount}。可在您的页面付款。`,
  arrivalTitle: '今天是您的到达日',
  arrivalBody: (date) => `今天入住（${date}）。房间、日期和接机信息都在您的页面上。`,
};

const de: TravellerPushTexts = {
  offerTitle: (course) => `Ein Platz ist frei: ${course}`,
  offerBody: (when) => `${when}. Der Platz gehört Ihnen, wenn Sie ihn rechtzeitig nehmen: öffnen Sie Ihre Seite.`,
  cancelTitle: (course) => `Kurs abgesagt: ${course}`,
  cancelBody: (when) => `Das Gym hat den Kurs am ${when} abgesagt. Ihr Guthaben ist zurück; buchen Sie einen anderen Termin auf Ihrer Seite.`,
  moveTitle: (course) => `Kurs verschoben: ${course}`,
  moveBody: (when) => `Der Kurs findet jetzt am ${when} statt. Ihr Platz bleibt Ihnen.`,
  balanceTitle: (reference) => `Restbetrag bald fällig: ${reference}`,
  balanceBody: (amount, date) => `Noch ${amount} bis ${date} zu zahlen. Zahlen Sie auf Ihrer Seite.`,
  arrivalTitle: 'Heute ist Ihr Anreisetag',
  arrivalBody: (date) => `Check-in heute, ${date}. Zimmer, Daten und Abholung stehen auf Ihrer Seite.`,
};

const fr: TravellerPushTexts = {
  offerTitle: (course) => `Une place s’est libérée : ${course}`,
  offerBody: (when) => `${when}. La place est à vous si vous la prenez à temps : ouvrez votre page.`,
  cancelTitle: (course) => `Cours annulé : ${course}`,
  cancelBody: (when) => `La salle a annulé le cours du ${when}. Votre crédit est rendu ; réservez un autre horaire sur votre page.`,
  moveTitle: (course) => `Cours déplacé : ${course}`,
  moveBody: (when) => `Le cours a désormais lieu le ${when}. Votre place suit.`,
  balanceTitle: (reference) => `Solde bientôt dû : ${reference}`,
  balanceBody: (amount, date) => `${amount} restent à payer d’ici le ${date}. Payez depuis votre page.`,
  arrivalTitle: 'C’est le jour de votre arrivée',
  arrivalBody: (date) => `Arrivée aujourd’hui, ${date}. Chambre, dates et transfert sont sur votre page.`,
};

const th: TravellerPushTexts = {
  offerTitle: (course) => `มีที่ว่างแล้ว: ${course}`,
  offerBody: (when) => `${when} ที่นี่เป็นของคุณหากยืนยันทันเวลา: เปิดหน้าของคุณ`,
  cancelTitle: (course) => `ยกเลิกคลาส: ${course}`,
  cancelBody: (when) => `ยิมยกเลิกคลาสวันที่ ${when} เครดิตของคุณคืนแล้ว จองเวลาอื่นได้ที่หน้าของคุณ`,
  moveTitle: (course) => `เลื่อนคลาส: ${course}`,
  moveBody: (when) => `คลาสย้ายไปเป็น ${when} ที่ของคุณยังคงอยู่`,
  balanceTitle: (reference) => `ใกล้ถึงกำหนดชำระยอดคงเหลือ: ${reference}`,
  balanceBody: (amount, date) => `ยอดคงเหลือ ${amount} ชำระภายใน ${date} ชำระได้ที่หน้าของคุณ`,
  arrivalTitle: 'วันนี้คือวันที่คุณมาถึง',
  arrivalBody: (date) => `เช็กอินวันนี้ ${date} ห้องพัก วันที่ และการรับส่งอยู่ที่หน้าของคุณ`,
};

const TEXTS: Record<Language, TravellerPushTexts> = { en, ru, zh, de, fr, th };

export const travellerPushTexts = (language: Language): TravellerPushTexts => TEXTS[language] ?? en;
