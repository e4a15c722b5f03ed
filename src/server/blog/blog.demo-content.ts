// Demo blog content seeded on a first start (see blog.seed.ts). Markdown bodies, English,
// written for this project. Facts about classes, hours and prices follow SPEC.md §9.

export interface DemoCategory {
  name: string;
  slug: string;
  description: string;
}

export interface DemoPost {
  title: string;
  slug: string;
  categorySlug: string;
  excerpt: string;
  metaDescription: string;
  /** Days before the seeding moment the post was published (null: a draft). */
  publishedDaysAgo: number | null;
  content: string;
}

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: 'Training Tips',
    slug: 'training-tips',
    description: 'Practical advice for training hard, staying healthy and progressing faster on the mats and in the ring.',
  },
  {
    name: 'Fight Culture',
    slug: 'fight-culture',
    description: 'Traditions, history and etiquette behind Muay Thai, grappling and mixed martial arts.',
  },
  {
    name: 'Gym News',
    slug: 'gym-news',
    description: 'Timetables, passes and what is happening at the gym.',
  },
];

export const DEMO_POSTS: DemoPost[] = [
  {
    title: 'Your First Week of Muay Thai: What to Expect',
    slug: 'your-first-week-of-muay-thai',
    categorySlug: 'training-tips',
    excerpt:
      'Never held a pad before? Here is how a first week of Muay Thai really goes, from the warm-up to the sore shins, and how to get the most out of it.',
    metaDescription: 'A beginner guide to the first week of Muay Thai training in Thailand: class structure, gear, soreness and etiquette.',
    publishedDaysAgo: 4,
    content: `Walking into a Thai boxing gym for the first time can feel intimidating. The sound of shins on heavy bags, the smell of liniment, fighters who look like they were carved from teak. The good news: everyone in that room had a first day, and most of them remember it fondly.

## Before you arrive

You do not need to be fit to start. You get fit by training. What helps is arriving rested, fed a light meal two hours before class, and carrying a full water bottle.

Bring:

- Shorts you can kick in (Thai shorts are ideal but not required)
- A light T-shirt or vest
- Hand wraps, if you own them; we lend gloves and shin guards to beginners
- A small towel and a change of clothes for the ride home

## How a class is built

Our **Muay Thai Beginner** class runs every morning at 8:00 AM, before the heat builds. It lasts 60 minutes and usually follows this shape:

1. **Warm-up** – skipping or light running, then joint mobility.
2. **Shadow boxing** – you copy the coach's stance, guard and footwork.
3. **Technique** – one or two strikes broken down slowly: the jab and the teep (push kick) are classic first-day material.
4. **Pad work** – a trainer holds pads and calls combinations. This is where Muay Thai comes alive.
5. **Conditioning and stretching** – sit-ups, push-ups, then a cool-down.

## The soreness is normal

Expect your calves, hips and shins to complain by day two. Kicking uses muscles most people never load. Keep moving on rest days: a walk on the beach and an easy swim in the sea help far more than lying still. If something feels sharp rather than tired, tell your coach and skip that drill.

## Etiquette in a Thai gym

- Greet the trainers with a *wai* (palms together, a slight bow) when you arrive and leave.
- Never step over the ropes of the ring carelessly, and do not sit on the ring apron with your feet up.
- Keep your nails short and your gear clean.
- Control your power with partners. Technique first, strength later.

## How to progress quickly

Consistency beats intensity. Three or four sessions a week for a month will teach you more than seven sessions in your first week followed by an injury. Write down one thing you learned after each class, and ask your trainer what to focus on next.

By the end of week one most beginners can throw a clean jab–cross–kick, hold a proper guard and survive three rounds on the pads. That is a real start.

Ready to try? [Book your first class](/booking) and tell us it is your first time: we will pair you with a patient trainer.
`,
  },
  {
    title: 'Training in the Heat: Hydration, Sleep and Recovery on the Coast',
    slug: 'training-in-the-heat-hydration-and-recovery',
    categorySlug: 'training-tips',
    excerpt:
      'Tropical humidity changes everything about training. Here is how to drink, eat, sleep and recover so you can train twice a day without burning out.',
    metaDescription: 'How to stay hydrated and recover when training Muay Thai, BJJ and MMA in the heat and humidity of coastal Thailand.',
    publishedDaysAgo: 11,
    content: `Most visitors underestimate the climate. At 32 °C with 80 % humidity your sweat barely evaporates, your heart rate climbs faster, and the fatigue that hits on day three is often dehydration rather than poor fitness.

## Drink before you are thirsty

Thirst is a late signal. A simple routine that works for most of our students:

- **On waking:** a large glass of water.
- **Two hours before training:** about half a litre.
- **During a 60-minute class:** small sips between rounds, roughly half a litre to a litre.
- **After training:** keep drinking until your urine is pale again.

Water alone is not enough if you sweat heavily twice a day. You also lose sodium and potassium. Add an electrolyte sachet from any pharmacy or convenience store, or drink coconut water, which is cheap and everywhere on the coast.

## Weigh yourself

Step on a scale before and after a session. Every kilogram lost is roughly a litre of fluid to replace. If you are losing more than 2 % of your body weight in one class, drink more during it.

## Eat like an athlete, not a tourist

Thai food is a gift to athletes: rice, grilled chicken, eggs, fish, fruit. A few tips:

- Eat a carbohydrate-rich meal two to three hours before training.
- After training, have protein and carbohydrates within an hour: a rice dish with chicken or a fruit shake with yoghurt both work.
- Go easy on very spicy food before a session if your stomach is not used to it.
- Alcohol and hard training do not mix. One night out can cost you two days on the mats.

## Sleep is your best supplement

Training hard in the heat raises the amount of sleep you need. Aim for eight hours, keep the room cool, and consider a short nap after lunch – many Thai fighters sleep between the morning and afternoon sessions.

## Recognise heat illness

Stop training and tell a coach if you feel:

- dizziness or confusion,
- a headache that builds during class,
- chills or goosebumps while hot,
- nausea, or you stop sweating.

Sit in the shade, drink slowly, and cool your neck and wrists with cold water. Heat exhaustion is easy to treat early and dangerous to ignore.

## Plan your week

If you train twice a day, make one of the sessions technical and light. Take at least one full rest day each week; the gym is closed on Sundays for exactly this reason. Use it for the beach, a massage, or simply doing nothing.

Looking for a schedule that fits? See the [booking page](/booking) for every class and pass.
`,
  },
  {
    title: 'Surviving Your First BJJ Rolls',
    slug: 'surviving-your-first-bjj-rolls',
    categorySlug: 'training-tips',
    excerpt: 'Brazilian Jiu-Jitsu sparring can feel like drowning on dry land. These principles will help you breathe, stay safe and learn from every roll.',
    metaDescription: 'Beginner tips for your first Brazilian Jiu-Jitsu sparring rounds: breathing, tapping, positions and etiquette.',
    publishedDaysAgo: 19,
    content: `The first time you roll (spar) in Brazilian Jiu-Jitsu, a smaller, older, calmer training partner will probably tie you in knots. That is not a sign that you are weak. It is a sign that the art works, and that you have a lot of fun ahead.

## Tap early, tap often

The tap is the most important technique you will learn. Tap with your hand on your partner (or the mat) or say "tap" clearly as soon as:

- a joint lock starts to hurt,
- a choke starts to close,
- you feel trapped in a position that strains your neck or spine.

Nobody keeps score in training. Tapping is how you keep training tomorrow.

## Breathe, then move

Beginners hold their breath and explode, then gas out after ninety seconds. Instead:

1. Breathe out slowly when you are under pressure.
2. Protect your neck and keep your elbows close to your body.
3. Move with purpose: bridge, shrimp, or turn – one movement at a time.

## Learn the map

Every roll passes through a handful of positions. Learn their names and your goal in each:

- **Closed guard** (you are on your back, legs around your partner): break their posture.
- **Side control** (they are across your chest): create space and recover guard.
- **Mount** (they are sitting on your chest): keep your elbows in, bridge and roll.
- **Back control**: protect your neck with both hands and turn towards the mat.

Knowing where you are tells you what to do next, even when you do not know a single submission.

## Roll with the right people

Ask experienced students to roll. Purple and brown belts usually roll at a controlled pace and will let you work. Be careful with other beginners: two people going at full strength is how injuries happen.

## Hygiene is etiquette

- Wash your gi or rash guard after every session.
- Short nails on hands and feet.
- Flip-flops off the mat, bare feet on it.
- Cover any cut or skin infection, and stay home if it is contagious.

## What to focus on in your first month

Do not chase submissions. Focus on surviving bad positions and escaping them. The escapes you learn now are the foundation of everything else. Our **Brazilian Jiu Jitsu** class runs every morning at 9:00 AM and is open to all levels, so you will always have a mix of partners.

If you come from striking, you will also find that BJJ makes you a better and calmer fighter. When you are ready, [reserve a spot in class](/booking).
`,
  },
  {
    title: 'The Wai Kru Ram Muay: More Than a Pre-Fight Dance',
    slug: 'the-wai-kru-ram-muay-explained',
    categorySlug: 'fight-culture',
    excerpt:
      'Before every traditional Muay Thai bout, fighters perform a slow ritual in the ring. Here is what it means and why so many of them still take it seriously.',
    metaDescription: 'The meaning of the Wai Kru Ram Muay, the ritual performed before Muay Thai fights, and the role of the mongkol and music.',
    publishedDaysAgo: 28,
    content: `If you watch a Muay Thai fight in Thailand, the first few minutes may surprise you. Before a single strike is thrown, each fighter circles the ring, kneels, bows and moves slowly to the music. This is the **Wai Kru Ram Muay**, and it is one of the most recognisable traditions in combat sports.

## Two parts, one ritual

The name joins two ideas:

- **Wai Kru** means "paying respect to the teacher". The fighter honours the trainers who taught them, their parents, and the gym they represent.
- **Ram Muay** means "boxing dance". The movements differ from camp to camp and often tell you where a fighter trained.

## What the fighter does

The exact sequence varies, but you will usually see:

1. The fighter walks around the ring along the ropes, touching each corner – sealing the ring as their own space.
2. They kneel facing the direction of their home or their gym and bow three times.
3. They rise and perform the slow dance, which can imitate a hunter, a warrior or a bird.
4. They return to their corner, where the trainer removes the *mongkol*, the headband blessed by the teacher.

## The mongkol and the pra jiad

The **mongkol** is worn only for the ritual and is traditionally given by the trainer when the fighter is considered ready. Some fighters also wear a **pra jiad**, a cloth band around the arm, often made from a piece of a family member's clothing, for protection and luck.

## The music

The live band, called *pi phat* or *sarama*, plays a Javanese-style oboe, drums and cymbals. The music starts slow during the ritual and speeds up as the rounds progress, following the rhythm of the fight. Many people find it hypnotic.

## Is it only theatre?

Fighters will tell you it does three practical things:

- It warms the body and loosens the hips after a long wait backstage.
- It calms the mind: slow, practised movement is a form of meditation.
- It lets fighters study each other for a moment before the bell.

## Can foreigners learn it?

Yes. Many gyms, including ours, teach the basics to students who plan to fight in Thailand. Learning it is a sign of respect to the culture that created the sport. Ask your trainer once you have some experience; it is not something to improvise on fight night.

Want to feel the atmosphere first-hand? Train with us and ask about local fight nights. [Book a class here](/booking).
`,
  },
  {
    title: "A Visitor's Guide to a Thai Fight Night",
    slug: 'a-visitors-guide-to-a-thai-fight-night',
    categorySlug: 'fight-culture',
    excerpt: 'Seeing live Muay Thai is a highlight of any trip to Thailand. How to pick an event, where to sit, what to watch for and how to behave.',
    metaDescription: 'How to enjoy a live Muay Thai fight night in a Thai coastal town: tickets, seats, scoring, etiquette and tips for visitors.',
    publishedDaysAgo: 39,
    content: `Live Muay Thai is loud, fast and full of tradition. A fight night in a coastal town is usually smaller than the famous stadiums of Bangkok, which makes it friendlier and closer to the action.

## Choosing an event

Look for posters around town or ask at the gym: trainers always know which cards are worth watching. A typical evening has eight to twelve fights, starting with young local fighters and building to the main event. Arrive early; the undercard often has the most exciting, all-action bouts.

## Tickets and seats

- **Ringside seats** cost more but you will hear every kick land and see the corners work between rounds.
- **General seats** are further back, cheaper, and closer to the local crowd, which is half the show.
- Buy from the venue or a trusted gym rather than street touts.

## How fights are scored

Traditional Muay Thai is scored over five rounds of three minutes. Judges reward:

1. **Clean, powerful strikes** that visibly affect the opponent – kicks to the body and head score well.
2. **Balance and composure**: a fighter who stays calm and balanced after an exchange impresses the judges.
3. **Control of the clinch** and the ability to off-balance or sweep.
4. **Ring generalship**: dictating the pace and space.

The first round is often slow as fighters feel each other out. Rounds three and four are usually where fights are decided.

## Reading the crowd

When the locals start shouting in unison with each kick, a fighter is taking over. Much of the shouting also comes from betting. Enjoy the energy, but do not join in unless you know what you are doing.

## Etiquette for visitors

- Stand for the royal anthem if it is played before the event.
- Do not mock the Wai Kru Ram Muay; it is a sacred ritual.
- Keep your feet off seats in front of you and do not point your feet at the ring.
- Cheer for good technique on both sides.
- Ask before photographing fighters up close in the warm-up area.

## Combine it with training

Watching live fights after a week of training is a different experience: you will notice footwork, feints and the rhythm of the clinch that were invisible before. Some of our students watch a teammate fight and sign up for their own first bout months later.

If that sounds like you, start with the basics and let your trainer guide you. [Book your next session](/booking) and ask the coaches which fight night is coming up.
`,
  },
  {
    title: 'Wrestling and Luta Livre: The Grappling Behind Modern MMA',
    slug: 'wrestling-and-luta-livre-the-grappling-behind-mma',
    categorySlug: 'fight-culture',
    excerpt: 'Before MMA had a name, wrestlers and Luta Livre fighters were already testing their skills. Why these two grappling arts still matter today.',
    metaDescription: 'The history of wrestling and Luta Livre, how they shaped mixed martial arts, and what a class looks like for beginners.',
    publishedDaysAgo: 51,
    content: `Brazilian Jiu-Jitsu gets most of the attention when people talk about grappling, but two other arts quietly built the foundations of mixed martial arts: **wrestling** and **Luta Livre**.

## Wrestling: control where the fight goes

Wrestling is one of the oldest sports in the world. In MMA its value is simple: a good wrestler decides whether the fight happens standing or on the ground. Key skills include:

- **Stance and level changes** – dropping your hips to shoot for the legs without bending at the waist.
- **Double- and single-leg takedowns**, the bread and butter of MMA.
- **Sprawling** – throwing your legs back to stop a takedown.
- **Top control** – staying heavy and balanced once the fight hits the mat.

Wrestling training is demanding. Expect drills in pairs, short explosive rounds and a lot of work on your conditioning. It pays off in every other martial art you practise.

## Luta Livre: Brazil's other grappling art

**Luta Livre** ("free fighting") developed in Brazil in the early twentieth century, at the same time as Brazilian Jiu-Jitsu, and the two styles had a famous rivalry. Luta Livre is practised without a gi, in shorts and a rash guard, which makes it feel very close to MMA grappling:

- Grips are on the body, head and limbs, not on clothing.
- Leg locks and fast submissions play a big role.
- Pace is high and scrambles are common.

Many early vale tudo and MMA fighters came from Luta Livre backgrounds, and the style's influence is clear in today's no-gi submission grappling.

## How they fit together

A complete fighter needs all of it:

1. **Muay Thai** for striking and the clinch.
2. **Wrestling** to take the fight down or keep it standing.
3. **BJJ and Luta Livre** to control and finish on the ground.

Our **MMA Training** class at 5:00 PM ties these pieces together, but it makes much more sense when you have spent time in each discipline.

## Trying a class

Our timetable has **Wrestling** every morning at 10:00 AM and **Luta Livre** every afternoon at 4:00 PM, Monday to Saturday. Both welcome beginners. Bring a rash guard, shorts without pockets or zips, and plenty of water.

You will be tired and you may be humbled, but you will leave with skills that make everything else easier. [Reserve your first grappling class](/booking).
`,
  },
  {
    title: 'Our Daily Timetable: From Sunrise Pads to Evening MMA',
    slug: 'our-daily-timetable',
    categorySlug: 'gym-news',
    excerpt:
      'More than 30 classes a week across Muay Thai, BJJ, Wrestling, Luta Livre and MMA. Here is how the day is organised and how to build your own week.',
    metaDescription: 'The gym timetable: Muay Thai, Brazilian Jiu Jitsu, Wrestling, Luta Livre and MMA classes Monday to Saturday, plus private training.',
    publishedDaysAgo: 2,
    content: `We get the same question every day at the front desk: "What should I train, and when?" Here is the full picture of a day at the gym, and a few ways to combine classes.

## Opening hours

The gym is open **Monday to Saturday, 8:00 AM to 7:00 PM**. We are closed on Sunday so that students and coaches can rest.

## The daily timetable

Every class lasts 60 minutes.

| Time | Class | Level |
|---|---|---|
| 8:00 AM | Muay Thai Beginner | Beginner |
| 9:00 AM | Brazilian Jiu Jitsu | All Levels |
| 10:00 AM | Wrestling | All Levels |
| 2:00 PM | Muay Thai All Levels | All Levels |
| 3:00 PM | Muay Thai All Levels | All Levels |
| 4:00 PM | Luta Livre | All Levels |
| 5:00 PM | MMA Training | All Levels |

**Private Training** is available by appointment with any of our coaches.

## Building your week

Some combinations our students like:

- **The striker:** Muay Thai Beginner in the morning, then one of the afternoon Muay Thai classes once you are comfortable.
- **The grappler:** BJJ at 9:00 AM and Wrestling at 10:00 AM, with Luta Livre in the afternoon two or three times a week.
- **The mixed martial artist:** Muay Thai in the afternoon followed by MMA at 5:00 PM, and a grappling class in the morning.

Whatever you choose, start with one class a day for the first week. Your body needs time to adapt to the heat and the volume.

## Why the long break at midday?

Between 11:00 AM and 2:00 PM the sun is at its strongest. Thai fighters traditionally train early and late, and rest, eat and sleep in between. We follow the same rhythm because it keeps everyone safer and fresher.

## Private sessions

A private class is the fastest way to fix a specific weakness, prepare for a fight, or simply learn at your own pace. Many visitors book one private session a week alongside group classes.

## How to join

You can walk in, but booking ahead guarantees a place and lets the coaches plan pads and partners. [See the classes and book online](/booking), or message us on WhatsApp from the contact section.
`,
  },
  {
    title: 'Planning a Training Holiday: Which Pass Is Right for You?',
    slug: 'planning-a-training-holiday-which-pass',
    categorySlug: 'gym-news',
    excerpt:
      'Single sessions, day passes, weekly and monthly packages: a clear guide to our prices so you can plan a training trip that fits your goals and budget.',
    metaDescription: 'Prices and passes for Muay Thai, MMA, Wrestling, BJJ and Luta Livre training: single sessions, day passes, weekly and monthly packages.',
    publishedDaysAgo: 64,
    content: `A training holiday by the sea is one of the best ways to learn a martial art fast: no commute, no office, just training, food, sleep and the beach. Choosing the right pass makes it cheaper and helps you plan.

## Two price groups

Our prices are in Thai baht (THB) and fall into two groups: **Muay Thai**, and **MMA, Wrestling, BJJ and Luta Livre**.

| Pass | Muay Thai | MMA / Wrestling / BJJ / Luta Livre |
|---|---|---|
| 1 session | 250 | 400 |
| Full day pass | 600 | 1,000 |
| 1 week, one session a day | 1,500 | 2,500 |
| 1 week, full day | 3,500 | 5,000 |
| 1 month, one session a day | 6,500 | 8,000 |
| 1 month, full day | 12,000 | 15,000 |
| Private class | 1,000 | 1,500 |

## Which one should you pick?

**Just curious?** Take a single session. It is the easiest way to meet the coaches and see if the gym suits you.

**Here for a few days?** A full day pass lets you try several classes in one day, for example BJJ in the morning and MMA in the evening.

**Staying a week?** If you are new to training, the *one session a day* week is plenty. Experienced athletes who want two or three classes a day should take the *full day* week.

**Staying a month or more?** The monthly passes give by far the best value per class. A month is also the minimum time most coaches recommend to see real progress in technique.

## Tips for your trip

- **Arrive a day early.** Travel, jet lag and heat make the first day harder than you think.
- **Plan rest days.** We are closed on Sundays; use them.
- **Budget for a private class or two.** They accelerate everything you learn in group sessions.
- **Bring your own mouthguard.** Gloves and shin guards can be borrowed at first, but a mouthguard should be yours.

## Mixing disciplines

Many students combine Muay Thai in the afternoon with grappling in the morning. In that case the MMA / grappling pass is usually the better choice, since it covers the wider timetable; ask at the front desk and we will help you work out the cheapest option for your plan.

Questions about dates or availability? Send us a message from the contact form, or go straight to the [booking page](/booking) to reserve your first class.
`,
  },
  {
    title: 'Sunday Open Mat: An Idea We Are Testing',
    slug: 'sunday-open-mat-idea',
    categorySlug: 'gym-news',
    excerpt: 'Draft: we are thinking about a relaxed Sunday morning open mat for grapplers. Details to be confirmed.',
    metaDescription: 'Draft announcement of a possible Sunday open mat.',
    publishedDaysAgo: null,
    content: `Draft – not yet announced.

## The idea

A relaxed open mat for grapplers on Sunday mornings, with no formal class: students drill what they learned during the week and roll at their own pace.

## Open questions

- Which coach supervises?
- How long: 90 minutes or two hours?
- Free for monthly pass holders?

Once the details are decided, we will publish the announcement and add it to the [booking page](/booking).
`,
  },
];
