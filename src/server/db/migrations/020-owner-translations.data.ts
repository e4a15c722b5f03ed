import { SEED_SITE_SETTINGS } from './016-site-settings.data';

// Frozen with migration 020: never edit; a later change of the seeded texts is a new migration.
// The seeded owner texts (the settings migration 016 seeds and the classes migration 004 inserts)
// in the site's other languages (issue 15, point 6), so a new gym's pages read well in every
// language before the owner edits anything. English stays the fallback and is not repeated here.
// Register as in the catalogues: German "du", French "vous", Russian «вы», Thai without
// gendered particles. Place names as travellers see them on signs and maps: "Ao Nang, Krabi"
// in Latin script, Ао Нанг / Краби, 奥南 / 甲米, อ่าวนาง / กระบี่; the gym's name never changes.

/** The site's languages other than English, as they were when migration 020 was written. */
export const TRANSLATED_LANGUAGES = ['ru', 'zh', 'de', 'fr', 'th'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

export interface SeedOwnerTexts {
  tagline: string;
  whatsappGreeting: string;
  hero: { badge: string; title: string; highlight: string; subtitle: string; text: string };
  /** `points`: exactly 4, in the English seed's order. */
  about: { eyebrow: string; title: string; text: string; points: { title: string; text: string }[] };
  seo: { title: string; description: string };
  /** Keyed by the English seed label, e.g. '1 session'. */
  priceRows: Record<string, string>;
  /** Keyed by the seeded class name, e.g. 'Muay Thai Beginner'. */
  classDescriptions: Record<string, string>;
}

export const SEED_OWNER_TEXTS: Record<TranslatedLanguage, SeedOwnerTexts> = {
  ru: {
    tagline: 'Тайский бокс, BJJ, MMA, борьба и лута ливре на берегу Андаманского моря',
    whatsappGreeting: 'Здравствуйте! Расскажите, пожалуйста, подробнее о ваших занятиях.',
    hero: {
      badge: 'Ао Нанг, Краби · Таиланд',
      title: 'Тренируйтесь как боец.',
      highlight: 'боец',
      subtitle: 'Путешествуйте как местный.',
      text: 'Tiger Coast Fight Club — это тайский бокс, бразильское джиу-джитсу, MMA, борьба и лута ливре с тайскими и иностранными тренерами в пяти минутах от пляжа. Первое занятие? Вы пришли по адресу.',
    },
    about: {
      eyebrow: 'О зале',
      title: 'Создан бойцами, открыт для всех',
      text: 'Tiger Coast Fight Club — лагерь в Ао Нанге, которым управляет одна семья. С первого дня идея проста: те же тренировки, что у наших бойцов, и терпеливые тренеры — для путешественников, новичков и опытных спортсменов.',
      points: [
        {
          title: 'Настоящий бойцовский зал',
          text: 'Тайские тренеры с сотнями боёв на стадионах, чёрные пояса по BJJ и лута ливре, тренеры MMA, которые секундируют профессионалам.',
        },
        {
          title: 'Для любого уровня',
          text: 'Занятия для новичков каждое утро, группы по уровню подготовки — никто не бросит вас сразу в омут с головой.',
        },
        {
          title: 'Открыты весь день',
          text: 'Ринг, клетка, татами и зона силовых тренировок — с понедельника по субботу с 8:00 до 19:00.',
        },
        {
          title: 'Пять минут до пляжа',
          text: 'Утром — тренировка, днём — море. Разовые занятия и недельные абонементы для путешественников.',
        },
      ],
    },
    seo: {
      title: 'Tiger Coast Fight Club | Тайский бокс и MMA в Ао Нанге, Краби',
      description:
        'Тайский бокс, бразильское джиу-джитсу, MMA, борьба и лута ливре в Ао Нанге, Краби. Ежедневные занятия для новичков и бойцов, разовые тренировки для путешественников.',
    },
    priceRows: {
      '1 session': '1 занятие',
      'Full day pass': 'Абонемент на весь день',
      '1 week, one session/day': '1 неделя, 1 занятие в день',
      '1 week, full day': '1 неделя, весь день',
      '1 month, one session/day': '1 месяц, 1 занятие в день',
      '1 month, full day': '1 месяц, весь день',
      'Private class': 'Персональная тренировка',
    },
    classDescriptions: {
      'Muay Thai Beginner': 'Стойка, работа ног, базовые удары и работа на лапах. Опыт не нужен: идеальное первое занятие.',
      'Brazilian Jiu Jitsu': 'Позиции, выходы из удержаний и сабмишены на татами, затем позиционные спарринги в вашем темпе.',
      Wrestling: 'Переводы в партер, спроулы и работа у сетки. Фундамент, который нужен каждому грэпплеру и бойцу MMA.',
      'Muay Thai All Levels': 'Раунды на лапах с нашими тайскими тренерами, работа на мешке, клинч и технический спарринг.',
      'Luta Livre': 'Бразильская борьба без ги на сабмишены: болевые на ноги, удушающие и быстрые переходы.',
      'MMA Training': 'Удары, тейкдауны и контроль в партере в одной связке: от отработки техники до контролируемого спарринга.',
      'Private Training': 'Один на один с тренером, которого вы выберете, любое направление, программа под ваши цели.',
    },
  },

  zh: {
    tagline: '安达曼海边的泰拳、巴西柔术、综合格斗、摔跤与 Luta Livre',
    whatsappGreeting: '你好！我想了解一下你们的课程，谢谢。',
    hero: {
      badge: '泰国 · 甲米奥南',
      title: '像拳手一样训练。',
      highlight: '拳手',
      subtitle: '像本地人一样旅行。',
      text: 'Tiger Coast Fight Club 提供泰拳、巴西柔术、综合格斗、摔跤和 Luta Livre 课程，由泰国本土教练和国际教练执教，距海滩仅五分钟。第一次上课？来这里就对了。',
    },
    about: {
      eyebrow: '关于拳馆',
      title: '由拳手创立，向所有人开放',
      text: 'Tiger Coast Fight Club 是奥南一家家族经营的训练营。从第一天起，我们的理念就很简单：旅行者、初学者和资深运动员都能接受和我们的拳手一样的训练，由教练耐心指导。',
      points: [
        {
          title: '真正的格斗馆训练',
          text: '泰拳教练身经数百场拳场比赛，巴西柔术和 Luta Livre 黑带坐镇，综合格斗教练为职业选手担任场边指导。',
        },
        { title: '各种水平都欢迎', text: '每天早上都有入门课，按经验分组，不会让任何人一上来就硬扛。' },
        { title: '全天开放', text: '拳台、八角笼、地垫区和力量训练区，周一至周六 8:00–19:00 开放。' },
        { title: '距海滩仅五分钟', text: '上午训练，下午游泳。为旅行者提供单次课和周卡。' },
      ],
    },
    seo: {
      title: 'Tiger Coast Fight Club | 甲米奥南泰拳与综合格斗馆',
      description: '在甲米奥南练泰拳、巴西柔术、综合格斗、摔跤和 Luta Livre。每天都有适合初学者和拳手的课程，旅行者可随到随练，单次参加。',
    },
    priceRows: {
      '1 session': '单次课',
      'Full day pass': '全天通票',
      '1 week, one session/day': '1周，每天1节',
      '1 week, full day': '1周，全天',
      '1 month, one session/day': '1个月，每天1节',
      '1 month, full day': '1个月，全天',
      'Private class': '私教课',
    },
    classDescriptions: {
      'Muay Thai Beginner': '站架、步法、基本拳腿技术和手靶练习。无需任何经验，第一节课的最佳选择。',
      'Brazilian Jiu Jitsu': '在垫上学习位置控制、逃脱和降服技术，随后按你的节奏进行位置对抗。',
      Wrestling: '抱摔、防摔和笼边缠斗，打下每位地面格斗选手和综合格斗选手都需要的基础。',
      'Muay Thai All Levels': '跟泰国教练打手靶回合，另有沙袋、缠抱和技术实战练习。',
      'Luta Livre': '巴西无道服降服式缠斗：腿锁、绞技和快速转换。',
      'MMA Training': '把站立打击、抱摔和地面控制融为一体，从分解练习到有控制的实战。',
      'Private Training': '一对一训练，教练和项目由你选择，围绕你的目标制定计划。',
    },
  },

  de: {
    tagline: 'Muay Thai, BJJ, MMA, Ringen & Luta Livre an der Andamanensee',
    whatsappGreeting: 'Hallo! Ich hätte gern ein paar Infos zu euren Kursen.',
    hero: {
      // Only proper names: the same as in English.
      badge: 'Ao Nang, Krabi · Thailand',
      title: 'Trainiere wie ein Kämpfer.',
      highlight: 'Kämpfer',
      subtitle: 'Reise wie ein Einheimischer.',
      text: 'Tiger Coast Fight Club: Muay Thai, Brazilian Jiu-Jitsu, MMA, Ringen und Luta Livre mit thailändischen und internationalen Coaches, fünf Minuten vom Strand. Dein erstes Training? Dann bist du hier genau richtig.',
    },
    about: {
      eyebrow: 'Über das Gym',
      title: 'Von Kämpfern gegründet, offen für alle',
      text: 'Tiger Coast Fight Club ist ein familiengeführtes Camp in Ao Nang. Die Idee ist von Anfang an einfach: dasselbe Training, das unsere Kämpfer machen, geduldig gecoacht für Reisende, Anfänger und erfahrene Athleten gleichermaßen.',
      points: [
        {
          title: 'Echtes Fight-Gym-Training',
          text: 'Thailändische Trainer mit Hunderten Stadionkämpfen, Schwarzgurte in BJJ und Luta Livre, MMA-Coaches, die Profis in der Ecke betreuen.',
        },
        { title: 'Jedes Level willkommen', text: 'Anfängerkurse jeden Morgen, Gruppen nach Erfahrung, niemand wird ins kalte Wasser geworfen.' },
        { title: 'Den ganzen Tag geöffnet', text: 'Ring, Käfig, Mattenbereich und eine Kraftecke, geöffnet Montag bis Samstag von 8:00 bis 19:00 Uhr.' },
        { title: 'Fünf Minuten vom Strand', text: 'Morgens trainieren, nachmittags schwimmen. Drop-in-Einheiten und Wochenpässe für Reisende.' },
      ],
    },
    seo: {
      title: 'Tiger Coast Fight Club | Muay-Thai- & MMA-Gym in Ao Nang, Krabi',
      description:
        'Muay Thai, Brazilian Jiu-Jitsu, MMA, Ringen und Luta Livre in Ao Nang, Krabi. Tägliche Kurse für Anfänger und Kämpfer, Reisende können jederzeit spontan mittrainieren.',
    },
    priceRows: {
      '1 session': '1 Einheit',
      'Full day pass': 'Tagespass',
      '1 week, one session/day': '1 Woche, 1 Einheit pro Tag',
      '1 week, full day': '1 Woche, ganztags',
      '1 month, one session/day': '1 Monat, 1 Einheit pro Tag',
      '1 month, full day': '1 Monat, ganztags',
      'Private class': 'Privatstunde',
    },
    classDescriptions: {
      'Muay Thai Beginner': 'Stand, Beinarbeit, grundlegende Schläge und Tritte sowie Pratzenarbeit. Keine Erfahrung nötig: das richtige erste Training.',
      'Brazilian Jiu Jitsu': 'Positionen, Befreiungen und Submissions auf der Matte, danach Positionssparring in deinem Tempo.',
      Wrestling: 'Takedowns, Sprawls und Arbeit am Käfig. Die Basis, die jeder Grappler und MMA-Kämpfer braucht.',
      'Muay Thai All Levels': 'Pratzenrunden mit unseren thailändischen Trainern, Sandsackarbeit, Clinch und technisches Sparring.',
      'Luta Livre': 'Brasilianisches Submission-Grappling ohne Gi: Beinhebel, Würgegriffe und schnelle Übergänge.',
      'MMA Training': 'Striking, Takedowns und Bodenkontrolle im Zusammenspiel, von Drills bis zum kontrollierten Sparring.',
      'Private Training': 'Eins zu eins mit einem Trainer deiner Wahl, jede Disziplin, abgestimmt auf deine Ziele.',
    },
  },

  fr: {
    tagline: "Muay Thai, BJJ, MMA, lutte et Luta Livre au bord de la mer d'Andaman",
    whatsappGreeting: "Bonjour ! J'aimerais avoir des informations sur vos cours, s'il vous plaît.",
    hero: {
      badge: 'Ao Nang, Krabi · Thaïlande',
      title: 'Entraînez-vous comme un combattant.',
      highlight: 'combattant',
      subtitle: 'Voyagez comme un local.',
      text: 'Tiger Coast Fight Club : Muay Thai, jiu-jitsu brésilien, MMA, lutte et Luta Livre avec des coachs thaïlandais et internationaux, à cinq minutes de la plage. Premier cours ? Vous êtes au bon endroit.',
    },
    about: {
      eyebrow: 'À propos du club',
      title: 'Créé par des combattants, ouvert à tous',
      text: "Tiger Coast Fight Club est un camp familial à Ao Nang. Depuis le premier jour, l'idée est simple : le même entraînement que nos combattants, encadré avec patience, pour les voyageurs et les débutants comme pour les athlètes confirmés.",
      points: [
        {
          title: 'Un vrai club de combat',
          text: 'Des entraîneurs thaïlandais aux centaines de combats en stade, des ceintures noires de BJJ et de Luta Livre, des coachs de MMA qui officient dans le coin de combattants pros.',
        },
        { title: 'Tous niveaux bienvenus', text: "Cours débutants tous les matins, groupes selon l'expérience : personne n'est jeté dans le grand bain." },
        { title: 'Ouvert toute la journée', text: 'Ring, cage, espace tatami et coin musculation, ouverts du lundi au samedi de 8 h à 19 h.' },
        {
          title: 'À cinq minutes de la plage',
          text: "Entraînement le matin, baignade l'après-midi. Séances à l'unité et forfaits à la semaine pour les voyageurs.",
        },
      ],
    },
    seo: {
      title: 'Tiger Coast Fight Club | Salle de Muay Thai et MMA à Ao Nang, Krabi',
      description:
        "Muay Thai, jiu-jitsu brésilien, MMA, lutte et Luta Livre à Ao Nang, Krabi. Cours tous les jours pour débutants et combattants, séances à l'unité pour les voyageurs de passage.",
    },
    priceRows: {
      '1 session': '1 séance',
      'Full day pass': 'Pass journée',
      '1 week, one session/day': '1 semaine, 1 séance par jour',
      '1 week, full day': '1 semaine, journée complète',
      '1 month, one session/day': '1 mois, 1 séance par jour',
      '1 month, full day': '1 mois, journée complète',
      'Private class': 'Cours particulier',
    },
    classDescriptions: {
      'Muay Thai Beginner': 'Garde, déplacements, coups de base et travail aux paos. Aucune expérience requise : le cours idéal pour commencer.',
      'Brazilian Jiu Jitsu': 'Positions, sorties et soumissions au sol, puis sparring positionnel à votre rythme.',
      Wrestling: 'Amenées au sol, sprawls et travail contre la cage. La base dont tout grappler et combattant de MMA a besoin.',
      'Muay Thai All Levels': 'Rounds aux paos avec nos entraîneurs thaïlandais, travail au sac, clinch et sparring technique.',
      'Luta Livre': 'Grappling brésilien de soumission sans kimono : clés de jambes, étranglements et transitions rapides.',
      'MMA Training': 'Frappes, takedowns et contrôle au sol réunis, des exercices techniques au sparring contrôlé.',
      'Private Training': "En individuel avec l'entraîneur de votre choix, toutes disciplines, selon vos objectifs.",
    },
  },

  th: {
    tagline: 'มวยไทย BJJ MMA มวยปล้ำ และ Luta Livre ริมทะเลอันดามัน',
    whatsappGreeting: 'สวัสดี อยากสอบถามข้อมูลเกี่ยวกับคลาสเรียนหน่อย',
    hero: {
      badge: 'อ่าวนาง กระบี่ · ประเทศไทย',
      title: 'ฝึกแบบนักสู้',
      highlight: 'นักสู้',
      subtitle: 'เที่ยวแบบคนท้องถิ่น',
      text: 'Tiger Coast Fight Club สอนมวยไทย บราซิลเลียนยิวยิตสู MMA มวยปล้ำ และ Luta Livre โดยโค้ชชาวไทยและต่างชาติ ห่างจากชายหาดเพียงห้านาที มาเรียนครั้งแรกใช่ไหม มาถูกที่แล้ว',
    },
    about: {
      eyebrow: 'เกี่ยวกับยิม',
      title: 'สร้างโดยนักสู้ เปิดรับทุกคน',
      text: 'Tiger Coast Fight Club เป็นค่ายฝึกที่ครอบครัวหนึ่งดูแลอยู่ที่อ่าวนาง ตั้งแต่วันแรกแนวคิดของเราเรียบง่าย คือให้ทุกคนได้ฝึกแบบเดียวกับนักสู้ของค่าย โดยครูที่สอนอย่างใจเย็น ทั้งนักท่องเที่ยว มือใหม่ และนักกีฬาที่มีประสบการณ์',
      points: [
        {
          title: 'ฝึกแบบค่ายมวยตัวจริง',
          text: 'ครูมวยไทยที่ผ่านการชกบนเวทีมาตรฐานมานับร้อยไฟต์ สายดำ BJJ และ Luta Livre และโค้ช MMA ที่เข้ามุมให้นักสู้อาชีพ',
        },
        { title: 'ทุกระดับยินดีต้อนรับ', text: 'มีคลาสมือใหม่ทุกเช้า แบ่งกลุ่มตามประสบการณ์ ไม่มีใครถูกปล่อยให้ลุยหนักตั้งแต่วันแรก' },
        { title: 'เปิดทั้งวัน', text: 'มีเวทีมวย กรง พื้นที่เบาะ และมุมเวทเทรนนิ่ง เปิดวันจันทร์ถึงวันเสาร์ เวลา 8.00–19.00 น.' },
        { title: 'ห่างชายหาดเพียงห้านาที', text: 'ฝึกตอนเช้า ว่ายน้ำตอนบ่าย มีคลาสแบบจ่ายรายครั้งและแพ็กรายสัปดาห์สำหรับนักท่องเที่ยว' },
      ],
    },
    seo: {
      title: 'Tiger Coast Fight Club | ยิมมวยไทยและ MMA ที่อ่าวนาง กระบี่',
      description: 'ฝึกมวยไทย บราซิลเลียนยิวยิตสู MMA มวยปล้ำ และ Luta Livre ที่อ่าวนาง กระบี่ มีคลาสทุกวันทั้งสำหรับมือใหม่และนักสู้ นักท่องเที่ยวแวะมาเรียนเป็นรายครั้งได้',
    },
    priceRows: {
      '1 session': '1 ครั้ง',
      'Full day pass': 'เรียนได้ทั้งวัน',
      '1 week, one session/day': '1 สัปดาห์ วันละ 1 คลาส',
      '1 week, full day': '1 สัปดาห์ เรียนได้ทั้งวัน',
      '1 month, one session/day': '1 เดือน วันละ 1 คลาส',
      '1 month, full day': '1 เดือน เรียนได้ทั้งวัน',
      'Private class': 'คลาสส่วนตัว',
    },
    classDescriptions: {
      'Muay Thai Beginner': 'ท่ายืน การเคลื่อนที่ หมัด เท้า เข่า ศอกพื้นฐาน และการซ้อมเป้า ไม่ต้องมีประสบการณ์มาก่อน เหมาะที่สุดสำหรับคลาสแรก',
      'Brazilian Jiu Jitsu': 'ตำแหน่ง การหนี และท่าซับมิชชันบนเบาะ จากนั้นซ้อมสปาร์ริงเฉพาะตำแหน่งตามจังหวะของคุณ',
      Wrestling: 'การเทคดาวน์ การสปรอล และการสู้ชิดกรง เป็นพื้นฐานที่สายปล้ำและนักสู้ MMA ทุกคนต้องมี',
      'Muay Thai All Levels': 'ซ้อมเป้าเป็นยกกับครูมวยชาวไทย ซ้อมกระสอบ ฝึกปล้ำคอ และสปาร์ริงเชิงเทคนิค',
      'Luta Livre': 'การปล้ำจับล็อกสไตล์บราซิลแบบไม่ใส่ชุดกิ เน้นล็อกขา ท่ารัดคอ และการเปลี่ยนตำแหน่งที่รวดเร็ว',
      'MMA Training': 'รวมการยืนออกอาวุธ การเทคดาวน์ และการคุมเกมบนพื้นเข้าด้วยกัน ตั้งแต่การฝึกท่าซ้ำไปจนถึงสปาร์ริงแบบควบคุม',
      'Private Training': 'เรียนตัวต่อตัวกับครูที่คุณเลือก ได้ทุกศาสตร์ วางแผนการฝึกตามเป้าหมายของคุณ',
    },
  },
};

/** The English descriptions migration 004 seeds, by class name (a translation fits only these). */
export const SEEDED_CLASS_DESCRIPTIONS: Record<string, string> = {
  'Muay Thai Beginner': 'Stance, footwork, the basic strikes and pad work. No experience needed: the right first class.',
  'Brazilian Jiu Jitsu': 'Positions, escapes and submissions on the mat, then positional sparring at your pace.',
  Wrestling: 'Takedowns, sprawls and cage work. Builds the base every grappler and MMA fighter needs.',
  'Muay Thai All Levels': 'Pad rounds with our Thai trainers, bag work, clinch and technical sparring.',
  'Luta Livre': 'Brazilian no-gi submission grappling: leg locks, chokes and fast transitions.',
  'MMA Training': 'Striking, takedowns and ground control put together, from drills to controlled sparring.',
  'Private Training': 'One-to-one with a trainer of your choice, any discipline, planned around your goals.',
};

/** The seeded translations of a class's description, when its name and English text are still the seed's. */
export function seedDescriptionTranslations(name: string, description: string): Partial<Record<TranslatedLanguage, string>> {
  if (SEEDED_CLASS_DESCRIPTIONS[name] !== description) return {};
  const out: Partial<Record<TranslatedLanguage, string>> = {};
  for (const l of TRANSLATED_LANGUAGES) {
    const text = SEED_OWNER_TEXTS[l].classDescriptions[name];
    if (text) out[l] = text;
  }
  return out;
}

/**
 * The settings with the seeded translations added: only where the English text is still the
 * seed's (a translation of another text would be wrong) and no translation is there yet (the
 * owner's own work is never replaced). Typed loosely on purpose, like the migrations' Kysely<any>:
 * the record's type in the application moves on, this code must not.
 */
export function withSeedTranslations<T extends object>(settings: T): T {
  const d = SEED_SITE_SETTINGS;
  const s: any = structuredClone(settings);
  const fill = <T extends Record<string, unknown>>(target: T | undefined, key: string, english: string, seedEnglish: string, text: string): T => {
    const out = (target ?? {}) as Record<string, unknown>;
    if (english === seedEnglish && !out[key]) out[key] = text;
    return out as T;
  };
  for (const l of TRANSLATED_LANGUAGES) {
    const t = SEED_OWNER_TEXTS[l];
    let top = s.translations?.[l] ?? {};
    top = fill(top, 'tagline', s.tagline, d.tagline, t.tagline);
    top = fill(top, 'whatsappGreeting', s.whatsappGreeting, d.whatsappGreeting, t.whatsappGreeting);
    s.translations = { ...s.translations, [l]: top };

    let hero = s.hero.translations?.[l] ?? {};
    for (const k of ['badge', 'title', 'subtitle', 'text'] as const) hero = fill(hero, k, s.hero[k], d.hero[k], t.hero[k]);
    // The red word goes with the seeded title only.
    if (hero.title === t.hero.title) hero = fill(hero, 'highlight', s.hero.highlight, d.hero.highlight, t.hero.highlight);
    s.hero.translations = { ...s.hero.translations, [l]: hero };

    let about = s.about.translations?.[l] ?? {};
    for (const k of ['eyebrow', 'title', 'text'] as const) about = fill(about, k, s.about[k], d.about[k], t.about[k]);
    const points = s.about.points.map((p: { title: string; text: string }, i: number) => {
      const seed = d.about.points[i];
      let own: Record<string, unknown> | undefined = about.points?.[i];
      own = fill(own, 'title', p.title, seed.title, t.about.points[i].title);
      return fill(own, 'text', p.text, seed.text, t.about.points[i].text);
    });
    s.about.translations = { ...s.about.translations, [l]: { ...about, points } };

    let seo = s.seo.translations?.[l] ?? {};
    for (const k of ['title', 'description'] as const) seo = fill(seo, k, s.seo[k], d.seo[k], t.seo[k]);
    s.seo.translations = { ...s.seo.translations, [l]: seo };

    for (const row of s.prices.rows) {
      const text = t.priceRows[row.label];
      if (text && d.prices.rows.some((r) => r.label === row.label) && !row.translations?.[l]) row.translations = { ...row.translations, [l]: text };
    }
  }
  return s as T;
}
