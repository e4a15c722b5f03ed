import { describe, expect, it } from 'vitest';
import { visibleReplyText } from './reply-text';

describe('visibleReplyText', () => {
  it.each([
    [
      'Gmail, header wrapped over two lines',
      'Yes, Tuesday works.\n\nThanks,\nAna\n\nOn Tue, 3 Mar 2026 at 10:00, Gym <hello@gym.example>\nwrote:\n> Hello Ana\n> see you',
      'Yes, Tuesday works.\n\nThanks,\nAna',
    ],
    ['Apple Mail', 'Sounds good\n\n> On 3 Mar 2026, at 10:00, Gym <hello@gym.example> wrote:\n> \n> Hello', 'Sounds good'],
    ['German', 'Danke, bis Dienstag!\n\nAm Di., 3. März 2026 um 10:00 Uhr schrieb Gym <hello@gym.example>:\n> Hallo Ana', 'Danke, bis Dienstag!'],
    ['French', "D'accord pour mardi.\n\nLe mar. 3 mars 2026 à 10:00, Gym <hello@gym.example> a écrit :\n> Bonjour", "D'accord pour mardi."],
    ['Russian', 'Да, подходит.\n\n3 марта 2026 г., в 10:00, Gym <hello@gym.example> написал:\n> Здравствуйте', 'Да, подходит.'],
    ['Russian, Mail.ru', 'Спасибо!\n\nВторник, 3 марта 2026, 10:00 +07:00 от Gym <hello@gym.example>:\n> Здравствуйте', 'Спасибо!'],
    ['Russian, "пишет"', 'Хорошо\n\nGym пишет:\n> Здравствуйте', 'Хорошо'],
    ['Spanish', 'Perfecto.\n\nEl mar, 3 mar 2026 a las 10:00, Gym (<hello@gym.example>) escribió:\n> Hola', 'Perfecto.'],
    ['Chinese', '好的，周二见。\n\n在 2026年3月3日 10:00，Gym <hello@gym.example> 写道：\n> 你好', '好的，周二见。'],
    [
      'Outlook header block',
      'See you then\n\n________________________________\nFrom: Gym <hello@gym.example>\nSent: Tuesday, March 3, 2026 10:00 AM\nTo: Ana\nSubject: Re: Trial\n\nHello Ana',
      'See you then',
    ],
    [
      'Outlook, French block without rule',
      'Parfait\n\nDe : Gym <hello@gym.example>\nEnvoyé : mardi 3 mars 2026 10:00\nÀ : Marc\nObjet : Cours\n\nBonjour',
      'Parfait',
    ],
    ['Original Message', 'Fine by me\n\n-----Original Message-----\nFrom: Gym\nSent: Tuesday\nHello', 'Fine by me'],
    ['German Outlook', 'Passt.\n\n-----Ursprüngliche Nachricht-----\nVon: Gym\nGesendet: Dienstag', 'Passt.'],
    ['signature after "-- "', 'See you\n\n-- \nAna Silva\nMarketing lead', 'See you'],
    ['mobile footer', 'Ok pour moi\n\nEnvoyé de mon iPhone', 'Ok pour moi'],
    ['plain > quotes', 'Yes please\n\n> Would you like a trial?', 'Yes please'],
  ])('%s', (_name, input, expected) => {
    expect(visibleReplyText(input)).toBe(expected);
  });

  it('keeps a mail with no quote as written (CRLF folded to LF)', () => {
    expect(visibleReplyText('Hello,\r\n\r\nI would like to book a private lesson.\r\nFrom Monday on.\r\n')).toBe(
      'Hello,\n\nI would like to book a private lesson.\nFrom Monday on.',
    );
  });

  it('does not take "From:" in a sentence for a header block', () => {
    expect(visibleReplyText('From: my side, Tuesday is fine.\nThanks')).toBe('From: my side, Tuesday is fine.\nThanks');
  });
});
