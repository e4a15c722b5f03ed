// People's names for the public forms' name rule (issue 45, point 1; src/shared/person-name.ts):
// real names the forms always accept, and texts they refuse.

/** The name the issue was found with: a paragraph and a link the gym's e-mail would print after "Hello". */
export const PHISHING_NAME = 'Customer,\n\nYour payment of 9,990 THB failed. Confirm your card at https://pay.example/pay';

/** Real names, accents, Thai, Cyrillic and Chinese letters, apostrophes and hyphens. */
export const REAL_NAMES = ["O'Brien", 'Jean-Luc', 'Zoë', 'สมชาย ใจดี', 'Анна-Мария', '王小明', 'María José'] as const;

/** Texts that are not a name, by what is wrong with them. */
export const NOT_NAMES: Record<string, string> = {
  phishing: PHISHING_NAME,
  newline: 'Anna\nSmith',
  'control character': 'Anna\u0007Smith',
  'www.': 'Anna www.pay.example',
  '://': 'Anna https://pay.example',
  'e-mail address': 'Anna anna@pay.example',
  '101 characters': 'A'.repeat(101),
};
