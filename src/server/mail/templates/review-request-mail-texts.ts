import type { Language } from '../../../shared/i18n/languages';

// The words of the review request (issue 48 point 5, decision 190), in the six languages.

const en = {
  subject: (gym: string) => `How was your time at ${gym}?`,
  thanksStay: 'Thank you for staying and training with us. We hope you had a great time.',
  thanksClasses: 'Thank you for training with us. We hope you enjoy the classes as much as we enjoy coaching you.',
  ask: 'Would you take a minute to tell other travellers about it? A short review helps a small gym more than anything.',
  reviewOn: (site: string) => `Review us on ${site}`,
  once: 'We ask only once. Thank you, and see you on the mats!',
};

export type ReviewRequestTexts = typeof en;

const ru: ReviewRequestTexts = {
  subject: (gym) => `Как вам ${gym}?`,
  thanksStay: 'Спасибо, что жили и тренировались у нас. Надеемся, вам понравилось.',
  thanksClasses: 'Спасибо, что тренируетесь у нас. Надеемся, занятия вам нравятся так же, как нам нравится вас тренировать.',
  ask: 'Найдёте минуту, чтобы рассказать о нас другим путешественникам? Короткий отзыв очень помогает небольшому залу.',
  reviewOn: (site) => `Оставить отзыв на ${site}`,
  once: 'Мы просим об этом только один раз. Спасибо и до встречи на тренировке!',
};

const zh: ReviewRequestTexts = {
  subject: (gym) => `您在 ${gym} 的体验如何？`,
  thanksStay: '感谢您入住并与我们一起训练，希望您度过了愉快的时光。',
  thanksClasses: '感谢您与我们一起训练，希望您像我们喜欢指导您一样喜欢这些课程。',
  ask: '能否花一分钟向其他旅行者介绍一下？一条简短的评价对小拳馆帮助很大。',
  reviewOn: (site) => `在 ${site} 上评价我们`,
  once: '我们只请求这一次。谢谢，训练场上见！',
};

const de: ReviewRequestTexts = {
  subject: (gym) => `Wie war Ihre Zeit bei ${gym}?`,
  thanksStay: 'Danke, dass Sie bei uns gewohnt und trainiert haben. Wir hoffen, es hat Ihnen gefallen.',
  thanksClasses: 'Danke, dass Sie bei uns trainieren. Wir hoffen, die Kurse machen Ihnen so viel Freude wie uns das Training mit Ihnen.',
  ask: 'Hätten Sie eine Minute, um anderen Reisenden davon zu erzählen? Eine kurze Bewertung hilft einem kleinen Gym mehr als alles andere.',
  reviewOn: (site) => `Bewerten Sie uns auf ${site}`,
  once: 'Wir fragen nur dieses eine Mal. Danke, und bis bald auf der Matte!',
};

const fr: ReviewRequestTexts = {
  subject: (gym) => `Comment s’est passé votre séjour chez ${gym} ?`,
  thanksStay: 'Merci d’avoir séjourné et de vous être entraîné avec nous. Nous espérons que vous en gardez un bon souvenir.',
  thanksClasses: 'Merci de vous entraîner avec nous. Nous espérons que les cours vous plaisent autant qu’à nous de vous entraîner.',
  ask: 'Auriez-vous une minute pour en parler à d’autres voyageurs ? Un court avis aide une petite salle plus que tout.',
  reviewOn: (site) => `Laisser un avis sur ${site}`,
  once: 'Nous ne le demandons qu’une fois. Merci, et à bientôt sur le tapis !',
};

const th: ReviewRequestTexts = {
  subject: (gym) => `การฝึกที่ ${gym} เป็นอย่างไรบ้าง?`,
  thanksStay: 'ขอบคุณที่มาพักและฝึกกับเรา หวังว่าคุณจะมีช่วงเวลาที่ดี',
  thanksClasses: 'ขอบคุณที่มาฝึกกับเรา หวังว่าคุณจะสนุกกับคลาสเหมือนที่เราสนุกกับการสอนคุณ',
  ask: 'ช่วยสละเวลาสักนาทีเล่าให้นักเดินทางคนอื่นฟังได้ไหม? รีวิวสั้น ๆ ช่วยยิมเล็ก ๆ ได้มากที่สุด',
  reviewOn: (site) => `รีวิวเราบน ${site}`,
  once: 'เราขอเพียงครั้งเดียวเท่านั้น ขอบคุณ แล้วพบกันบนเบาะ!',
};

export const REVIEW_REQUEST_TEXTS: Record<Language, ReviewRequestTexts> = { en, ru, zh, de, fr, th };
