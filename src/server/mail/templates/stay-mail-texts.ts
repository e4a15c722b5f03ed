import type { Language } from '../../../shared/i18n/languages';

// The words of an order's stay and pickup in its e-mails (issue 36 §3): the lines apart, what is
// included, the balance and its reminder. One catalogue per language, typed against the English.

const en = {
  labelTraining: 'Training',
  labelRoom: 'Room',
  labelPickup: 'Airport pickup',
  room: (name: string, checkIn: string, checkOut: string, nights: number, guests: number) =>
    `${name}, ${checkIn} to ${checkOut} (${nights} ${nights === 1 ? 'night' : 'nights'}, ${guests} ${guests === 1 ? 'guest' : 'guests'})`,
  pickup: (airport: string, flight: string | null, when: string) => `${airport}, ${flight ? `flight ${flight}, ` : ''}landing ${when}`,
  included: 'Included',
  notIncluded: 'Not included',
  meetingPoint: 'Meeting point',
  balanceDue: (amount: string, date: string) => `The balance of ${amount} is due by ${date}; you can pay it on your order page.`,
  balanceOnArrival: (amount: string) => `The balance of ${amount} is paid at the desk when you arrive.`,
  reminderSubject: (reference: string) => `Balance due soon for your order ${reference}`,
  reminderIntro: (amount: string, date: string) => `A friendly reminder: the balance of your stay, ${amount}, is due by ${date}.`,
  payNow: 'Pay on your order page',
};

export type StayMailTexts = typeof en;

const ru: StayMailTexts = {
  labelTraining: 'Тренировки',
  labelRoom: 'Номер',
  labelPickup: 'Трансфер из аэропорта',
  room: (name, checkIn, checkOut, nights, guests) => `${name}, с ${checkIn} по ${checkOut} (ночей: ${nights}, гостей: ${guests})`,
  pickup: (airport, flight, when) => `${airport}, ${flight ? `рейс ${flight}, ` : ''}прилёт ${when}`,
  included: 'Включено',
  notIncluded: 'Не включено',
  meetingPoint: 'Место встречи',
  balanceDue: (amount, date) => `Остаток ${amount} нужно оплатить до ${date}; это можно сделать на странице заказа.`,
  balanceOnArrival: (amount) => `Остаток ${amount} оплачивается на стойке по приезде.`,
  reminderSubject: (reference) => `Скоро срок оплаты остатка по заказу ${reference}`,
  reminderIntro: (amount, date) => `Напоминаем: остаток за проживание, ${amount}, нужно оплатить до ${date}.`,
  payNow: 'Оплатить на странице заказа',
};

const zh: StayMailTexts = {
  labelTraining: '训练',
  labelRoom: '房间',
  labelPickup: '机场接机',
  room: (name, checkIn, checkOut, nights, guests) => `${name}，${checkIn} 至 ${checkOut}（${nights} 晚，${guests} 人）`,
  pickup: (airport, flight, when) => `${airport}，${flight ? `航班 ${flight}，` : ''}${when} 抵达`,
  included: '包含',
  notIncluded: '不包含',
  meetingPoint: '集合地点',
  balanceDue: (amount, date) => `余款 ${amount} 请于 ${date} 前支付，可在订单页面付款。`,
  balanceOnArrival: (amount) => `余款 ${amount} 在抵达时于前台支付。`,
  reminderSubject: (reference) => `订单 ${reference} 的余款即将到期`,
  reminderIntro: (amount, date) => `温馨提醒：您住宿的余款 ${amount} 需在 ${date} 前支付。`,
  payNow: '在订单页面付款',
};

const de: StayMailTexts = {
  labelTraining: 'Training',
  labelRoom: 'Zimmer',
  labelPickup: 'Flughafentransfer',
  room: (name, checkIn, checkOut, nights, guests) =>
    `${name}, ${checkIn} bis ${checkOut} (${nights} ${nights === 1 ? 'Nacht' : 'Nächte'}, ${guests} ${guests === 1 ? 'Gast' : 'Gäste'})`,
  pickup: (airport, flight, when) => `${airport}, ${flight ? `Flug ${flight}, ` : ''}Landung ${when}`,
  included: 'Inklusive',
  notIncluded: 'Nicht inklusive',
  meetingPoint: 'Treffpunkt',
  balanceDue: (amount, date) => `Der Restbetrag von ${amount} ist bis ${date} fällig; Sie können ihn auf Ihrer Bestellseite bezahlen.`,
  balanceOnArrival: (amount) => `Der Restbetrag von ${amount} wird bei Ankunft an der Rezeption bezahlt.`,
  reminderSubject: (reference) => `Restbetrag für Ihre Bestellung ${reference} bald fällig`,
  reminderIntro: (amount, date) => `Eine freundliche Erinnerung: Der Restbetrag Ihres Aufenthalts, ${amount}, ist bis ${date} fällig.`,
  payNow: 'Auf der Bestellseite bezahlen',
};

const fr: StayMailTexts = {
  labelTraining: 'Entraînement',
  labelRoom: 'Chambre',
  labelPickup: 'Transfert aéroport',
  room: (name, checkIn, checkOut, nights, guests) =>
    `${name}, du ${checkIn} au ${checkOut} (${nights} ${nights === 1 ? 'nuit' : 'nuits'}, ${guests} ${guests === 1 ? 'personne' : 'personnes'})`,
  pickup: (airport, flight, when) => `${airport}, ${flight ? `vol ${flight}, ` : ''}arrivée ${when}`,
  included: 'Inclus',
  notIncluded: 'Non inclus',
  meetingPoint: 'Point de rendez-vous',
  balanceDue: (amount, date) => `Le solde de ${amount} est à régler avant le ${date} ; vous pouvez le payer sur la page de votre commande.`,
  balanceOnArrival: (amount) => `Le solde de ${amount} se règle à l’accueil à votre arrivée.`,
  reminderSubject: (reference) => `Solde bientôt dû pour votre commande ${reference}`,
  reminderIntro: (amount, date) => `Petit rappel : le solde de votre séjour, ${amount}, est à régler avant le ${date}.`,
  payNow: 'Payer sur la page de la commande',
};

const th: StayMailTexts = {
  labelTraining: 'การฝึก',
  labelRoom: 'ห้องพัก',
  labelPickup: 'รถรับจากสนามบิน',
  room: (name, checkIn, checkOut, nights, guests) => `${name} ${checkIn} ถึง ${checkOut} (${nights} คืน, ${guests} ท่าน)`,
  pickup: (airport, flight, when) => `${airport} ${flight ? `เที่ยวบิน ${flight} ` : ''}ถึง ${when}`,
  included: 'รวม',
  notIncluded: 'ไม่รวม',
  meetingPoint: 'จุดนัดพบ',
  balanceDue: (amount, date) => `ยอดคงเหลือ ${amount} ต้องชำระภายใน ${date} ชำระได้ที่หน้าคำสั่งซื้อ`,
  balanceOnArrival: (amount) => `ยอดคงเหลือ ${amount} ชำระที่เคาน์เตอร์เมื่อมาถึง`,
  reminderSubject: (reference) => `ใกล้ถึงกำหนดชำระยอดคงเหลือของคำสั่งซื้อ ${reference}`,
  reminderIntro: (amount, date) => `ขอแจ้งเตือน: ยอดคงเหลือค่าที่พัก ${amount} ต้องชำระภายใน ${date}`,
  payNow: 'ชำระที่หน้าคำสั่งซื้อ',
};

export const STAY_MAIL_TEXTS: Record<Language, StayMailTexts> = { en, ru, zh, de, fr, th };
