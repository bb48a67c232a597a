import type { MailCopy } from './types.ts';

const minutesWord = (n: number) => {
  const form = new Intl.PluralRules('uk').select(n);
  return form === 'one' ? 'хвилини' : 'хвилин';
};

export const ua: MailCopy = {
  layout: {
    fallback: 'Якщо кнопка не працює, скопіюйте цю адресу в браузер:',
    signature: 'З повагою,\nкоманда Traderoom',
    footer: ({ email }) =>
      `Цей лист надіслано на ${email} у зв’язку з дією у вашому обліковому записі Traderoom. Його створено автоматично, відповідати на нього не потрібно.`,
  },
  verifyEmail: ({ name, url, minutes }) => ({
    subject: 'Підтвердьте адресу електронної пошти',
    greeting: `Вітаємо, ${name}!`,
    paragraphs: ['Дякуємо, що відкрили рахунок у Traderoom. Підтвердьте, будь ласка, що ця адреса електронної пошти належить вам.'],
    action: { label: 'Підтвердити адресу', url },
    notes: [`Посилання дійсне протягом ${minutes} ${minutesWord(minutes)}.`, 'Якщо ви не відкривали рахунок, просто проігноруйте цей лист.'],
  }),
  confirmNewEmail: ({ name, url, minutes, email }) => ({
    subject: 'Підтвердьте нову адресу електронної пошти',
    greeting: `Вітаємо, ${name}!`,
    paragraphs: [
      `Ви попросили змінити адресу електронної пошти вашого облікового запису Traderoom на ${email}.`,
      'Доки ви її не підтвердите, входьте з попередньою адресою.',
    ],
    action: { label: 'Підтвердити нову адресу', url },
    notes: [
      `Посилання дійсне протягом ${minutes} ${minutesWord(minutes)}.`,
      'Якщо ви цього не просили, проігноруйте лист: нічого не зміниться.',
    ],
  }),
  resetPassword: ({ name, url, minutes }) => ({
    subject: 'Скидання пароля',
    greeting: `Вітаємо, ${name}!`,
    paragraphs: ['Ми отримали запит на скидання пароля вашого облікового запису Traderoom.'],
    action: { label: 'Обрати новий пароль', url },
    notes: [
      `Посилання дійсне протягом ${minutes} ${minutesWord(minutes)} і може бути використане один раз.`,
      'Якщо ви не запитували новий пароль, проігноруйте лист: ваш пароль залишиться незмінним.',
    ],
  }),
  passwordChanged: ({ name, url, when }) => ({
    subject: 'Ваш пароль змінено',
    greeting: `Вітаємо, ${name}!`,
    paragraphs: [`Пароль вашого облікового запису Traderoom було змінено ${when}.`],
    action: { label: 'Скинути пароль', url },
    notes: ['Якщо це були не ви, негайно скиньте пароль і зверніться до нашої служби підтримки.'],
  }),
};
