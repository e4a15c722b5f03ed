import type { SiteSettings } from '../../shared/schemas/site-settings';

type Programme = SiteSettings['programmes'][number];

// What the demo says: its people, rooms, programme and letterhead. Everything is visibly demo:
// "Demo" in every name, example.com addresses (a reserved domain: no mail ever reaches anyone).

type Colours = { from: string; to: string; accent: string };

export const DEMO_TRAINERS: {
  name: string;
  disciplines: string[];
  languages: string[];
  bio: Record<'en' | 'fr' | 'de' | 'ru' | 'zh' | 'th', string>;
  share: { mode: 'percent' | 'fixed'; value: number };
  /** Weekly windows for private lessons: ISO weekday, from, to (gym time). */
  windows: [number, string, string][];
  colours: Colours;
}[] = [
  {
    name: 'Kru Lek Demo',
    disciplines: ['Muay Thai'],
    languages: ['Thai', 'English'],
    bio: {
      en: 'Former Lumpinee fighter with 180 bouts. Lek coaches our group Muay Thai classes and loves clean technique. (Demo trainer.)',
      fr: 'Ancien combattant du Lumpinee (180 combats). Lek entraîne nos cours collectifs de Muay Thai et tient à une technique propre. (Entraîneur de démonstration.)',
      de: 'Ehemaliger Lumpinee-Kämpfer mit 180 Kämpfen. Lek leitet unsere Muay-Thai-Gruppenkurse und legt Wert auf saubere Technik. (Demo-Trainer.)',
      ru: 'Бывший боец Лумпини, 180 боёв. Лек ведёт наши групповые занятия по муай-тай и ценит чистую технику. (Демо-тренер.)',
      zh: '前伦披尼拳手，打过180场比赛。Lek 负责我们的泰拳团体课，注重规范技术。（演示教练）',
      th: 'อดีตนักมวยเวทีลุมพินี 180 ไฟต์ ครูเล็กสอนคลาสมวยไทยแบบกลุ่มและเน้นเทคนิคที่ถูกต้อง (ครูตัวอย่าง)',
    },
    share: { mode: 'percent', value: 50 },
    windows: [
      [1, '13:00', '16:00'],
      [3, '13:00', '16:00'],
      [5, '13:00', '16:00'],
    ],
    colours: { from: '#3b0a0a', to: '#a0120f', accent: '#f2c14e' },
  },
  {
    name: 'Ana Silva Demo',
    disciplines: ['BJJ', 'Luta Livre'],
    languages: ['Portuguese', 'English', 'Spanish'],
    bio: {
      en: 'Black belt from Rio, ten years on the mats. Ana teaches private grappling lessons for every level. (Demo trainer.)',
      fr: 'Ceinture noire de Rio, dix ans sur les tapis. Ana donne des cours privés de grappling à tous les niveaux. (Entraîneuse de démonstration.)',
      de: 'Schwarzgurt aus Rio, zehn Jahre auf der Matte. Ana gibt Privatstunden im Grappling für jedes Niveau. (Demo-Trainerin.)',
      ru: 'Чёрный пояс из Рио, десять лет на ковре. Ана проводит индивидуальные занятия по грэпплингу для любого уровня. (Демо-тренер.)',
      zh: '来自里约的黑带，十年垫上经验。Ana 为各水平学员开设地面技私教课。（演示教练）',
      th: 'สายดำจากริโอ ประสบการณ์สิบปี อานาสอนเกรปปลิ้งแบบส่วนตัวทุกระดับ (ครูตัวอย่าง)',
    },
    share: { mode: 'percent', value: 60 },
    windows: [
      [2, '09:00', '12:00'],
      [4, '09:00', '12:00'],
      [6, '10:00', '13:00'],
    ],
    colours: { from: '#0b2340', to: '#1f5c99', accent: '#9fd3ff' },
  },
  {
    name: 'Marco Demo',
    disciplines: ['MMA', 'Wrestling'],
    languages: ['English', 'Italian'],
    bio: {
      en: 'Pro MMA record 14-3. Marco builds fight plans, wrestling for MMA and conditioning. (Demo trainer.)',
      fr: 'Palmarès MMA pro 14-3. Marco prépare les plans de combat, la lutte pour le MMA et la condition physique. (Entraîneur de démonstration.)',
      de: 'Profi-MMA-Bilanz 14-3. Marco erstellt Kampfpläne, Ringen für MMA und Konditionstraining. (Demo-Trainer.)',
      ru: 'Профессиональный рекорд в ММА 14-3. Марко строит план боя, борьбу для ММА и ОФП. (Демо-тренер.)',
      zh: '职业综合格斗战绩14胜3负。Marco 擅长制定比赛策略、MMA摔跤与体能训练。（演示教练）',
      th: 'สถิติ MMA อาชีพ 14-3 มาร์โกวางแผนการชก มวยปล้ำสำหรับ MMA และฟิตเนส (ครูตัวอย่าง)',
    },
    share: { mode: 'fixed', value: 50_000 },
    windows: [
      [1, '10:00', '12:00'],
      [2, '15:00', '18:00'],
      [4, '15:00', '18:00'],
    ],
    colours: { from: '#1a1a1a', to: '#4a4a4a', accent: '#e0b84a' },
  },
];

const tr = (name: string, description: string) => ({ name, description });

export const DEMO_ROOMS: {
  fields: {
    name: string;
    description: string;
    translations: Record<string, { name: string; description: string }>;
    beds: string;
    maxGuests: number;
    rooms: number;
    nightlyPriceSatang: number;
    weeklyPriceSatang: number;
    monthlyPriceSatang: number;
  };
  photoCaptions: string[];
  colours: Colours[];
}[] = [
  {
    fields: {
      name: 'Fighter dorm (demo)',
      description: 'A bed in a four-bed air-conditioned dorm, lockers, two minutes from the ring.',
      translations: {
        fr: tr('Dortoir des combattants (démo)', 'Un lit en dortoir climatisé de quatre lits, casiers, à deux minutes du ring.'),
        de: tr('Kämpfer-Schlafsaal (Demo)', 'Ein Bett im klimatisierten Vierbettzimmer, Schließfächer, zwei Minuten vom Ring.'),
        ru: tr('Общий номер для бойцов (демо)', 'Кровать в четырёхместном номере с кондиционером, шкафчики, две минуты до ринга.'),
        zh: tr('拳手宿舍（演示）', '四人间空调宿舍床位，带储物柜，离拳台两分钟。'),
        th: tr('หอพักนักมวย (ตัวอย่าง)', 'เตียงในห้องแอร์สี่เตียง มีล็อกเกอร์ เดินถึงเวทีสองนาที'),
      },
      beds: '1 single bed in a 4-bed room',
      maxGuests: 1,
      rooms: 4,
      nightlyPriceSatang: 40_000,
      weeklyPriceSatang: 250_000,
      monthlyPriceSatang: 800_000,
    },
    photoCaptions: ['Four beds, lockers, air-con'],
    colours: [{ from: '#2b3a42', to: '#5d7b89', accent: '#f4a259' }],
  },
  {
    fields: {
      name: 'Garden room (demo)',
      description: 'A private double room on the garden, fan and air-con, own bathroom.',
      translations: {
        fr: tr('Chambre jardin (démo)', 'Une chambre double privée sur le jardin, ventilateur et climatisation, salle de bain privée.'),
        de: tr('Gartenzimmer (Demo)', 'Ein privates Doppelzimmer zum Garten, Ventilator und Klimaanlage, eigenes Bad.'),
        ru: tr('Номер с видом на сад (демо)', 'Отдельный двухместный номер с видом на сад, вентилятор и кондиционер, своя ванная.'),
        zh: tr('花园房（演示）', '面向花园的独立双人房，风扇和空调，独立卫浴。'),
        th: tr('ห้องวิวสวน (ตัวอย่าง)', 'ห้องเตียงคู่ส่วนตัววิวสวน พัดลมและแอร์ ห้องน้ำในตัว'),
      },
      beds: '1 double bed',
      maxGuests: 2,
      rooms: 3,
      nightlyPriceSatang: 90_000,
      weeklyPriceSatang: 560_000,
      monthlyPriceSatang: 1_800_000,
    },
    photoCaptions: ['Double bed, garden view', 'Own bathroom'],
    colours: [
      { from: '#1e4d2b', to: '#5a9e6f', accent: '#ffe08a' },
      { from: '#24505e', to: '#74b3c4', accent: '#ffffff' },
    ],
  },
  {
    fields: {
      name: 'Pool bungalow (demo)',
      description: 'A bungalow by the pool for two, terrace, fridge, air-con, own bathroom.',
      translations: {
        fr: tr('Bungalow piscine (démo)', 'Un bungalow au bord de la piscine pour deux, terrasse, réfrigérateur, climatisation, salle de bain privée.'),
        de: tr('Pool-Bungalow (Demo)', 'Ein Bungalow am Pool für zwei, Terrasse, Kühlschrank, Klimaanlage, eigenes Bad.'),
        ru: tr('Бунгало у бассейна (демо)', 'Бунгало у бассейна на двоих, терраса, холодильник, кондиционер, своя ванная.'),
        zh: tr('泳池平房（演示）', '泳池边的双人平房，露台、冰箱、空调、独立卫浴。'),
        th: tr('บังกะโลริมสระ (ตัวอย่าง)', 'บังกะโลริมสระสำหรับสองคน มีระเบียง ตู้เย็น แอร์ ห้องน้ำในตัว'),
      },
      beds: '1 king bed',
      maxGuests: 2,
      rooms: 2,
      nightlyPriceSatang: 160_000,
      weeklyPriceSatang: 1_000_000,
      monthlyPriceSatang: 3_200_000,
    },
    photoCaptions: ['King bed, terrace', 'By the pool'],
    colours: [
      { from: '#0d3b66', to: '#3a86c8', accent: '#faf0ca' },
      { from: '#0f5257', to: '#42a5a0', accent: '#fff3b0' },
    ],
  },
];

export const DEMO_PROGRAMME: Programme = {
  key: 'demo-dtv-6-months',
  name: 'Demo · 6-month DTV Muay Thai programme',
  translations: {
    fr: 'Démo · programme Muay Thai DTV de 6 mois',
    de: 'Demo · 6-monatiges DTV-Muay-Thai-Programm',
    ru: 'Демо · программа муай-тай DTV на 6 месяцев',
    zh: '演示 · 六个月DTV泰拳课程',
    th: 'ตัวอย่าง · หลักสูตรมวยไทย DTV 6 เดือน',
  },
  disciplines: ['muay-thai'],
  months: 6,
  sessionsPerWeek: 5,
  hoursPerWeek: 10,
  priceSatang: 6_000_000,
  deposit: { mode: 'fixed', value: 1_000_000 },
  onSale: true,
};

/** The letterhead's details, each saying it is a demo (a letter printed with them says so too). */
export const demoLegal = (): SiteSettings['legal'] => ({
  name: 'Demo Muay Thai Co., Ltd. (DEMO — not a real company)',
  registrationNumber: '0000000000000 (demo)',
  address: 'DEMO ADDRESS — 1 Example Road, Ao Nang, Krabi 81180, Thailand',
  phone: '+66 00 000 0000',
  email: 'demo-office@example.com',
});

/** A 15-digit e-wallet ID of zeros: a QR that pays nobody real. */
export const demoPromptpayId = '000000000000000';

/** The demo's customers: first names, languages; e-mails at example.com. */
export const DEMO_PEOPLE: { first: string; last: string; language: 'en' | 'fr' | 'de' | 'ru' | 'zh' | 'th'; phone: string }[] = [
  { first: 'Emma', last: 'Demo', language: 'en', phone: '+44 7700 900101' },
  { first: 'Lucas', last: 'Demo', language: 'fr', phone: '+33 6 00 00 01 02' },
  { first: 'Jonas', last: 'Demo', language: 'de', phone: '+49 151 0000 0103' },
  { first: 'Olga', last: 'Demo', language: 'ru', phone: '+7 900 000 01 04' },
  { first: 'Wei', last: 'Demo', language: 'zh', phone: '+86 130 0000 0105' },
  { first: 'Nok', last: 'Demo', language: 'th', phone: '+66 80 000 0106' },
  { first: 'Liam', last: 'Demo', language: 'en', phone: '+61 400 000 107' },
  { first: 'Chloé', last: 'Demo', language: 'fr', phone: '+33 6 00 00 01 08' },
  { first: 'Mia', last: 'Demo', language: 'de', phone: '+49 151 0000 0109' },
  { first: 'Noah', last: 'Demo', language: 'en', phone: '+1 202 555 0110' },
  { first: 'Sofia', last: 'Demo', language: 'en', phone: '+34 600 000 111' },
  { first: 'Ivan', last: 'Demo', language: 'ru', phone: '+7 900 000 01 12' },
  { first: 'Mei', last: 'Demo', language: 'zh', phone: '+86 130 0000 0113' },
  { first: 'Kai', last: 'Demo', language: 'en', phone: '+1 202 555 0114' },
];

export const personOf = (i: number) => {
  const p = DEMO_PEOPLE[i % DEMO_PEOPLE.length];
  const plain = p.first
    .normalize('NFD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
  return { name: `${p.first} ${p.last}`, email: `${plain}.demo@example.com`, phone: p.phone, language: p.language };
};
