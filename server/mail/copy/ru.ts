import type { MailCopy } from './types.ts';

const minutesWord = (n: number) => {
  const form = new Intl.PluralRules('ru').select(n);
  return form === 'one' ? 'минуты' : 'минут';
};

export const ru: MailCopy = {
  layout: {
    fallback: 'Если кнопка не работает, скопируйте этот адрес в браузер:',
    signature: 'С уважением,\nкоманда Traderoom',
    footer: ({ email }) =>
      `Это письмо отправлено на ${email} в связи с действием в вашей учётной записи Traderoom. Оно создано автоматически, отвечать на него не нужно.`,
  },
  verifyEmail: ({ name, url, minutes }) => ({
    subject: 'Подтвердите адрес электронной почты',
    greeting: `Здравствуйте, ${name}!`,
    paragraphs: ['Спасибо, что открыли счёт в Traderoom. Подтвердите, пожалуйста, что этот адрес электронной почты принадлежит вам.'],
    action: { label: 'Подтвердить адрес', url },
    notes: [`Ссылка действительна в течение ${minutes} ${minutesWord(minutes)}.`, 'Если вы не открывали счёт, просто проигнорируйте это письмо.'],
  }),
  confirmNewEmail: ({ name, url, minutes, email }) => ({
    subject: 'Подтвердите новый адрес электронной почты',
    greeting: `Здравствуйте, ${name}!`,
    paragraphs: [
      `Вы попросили сменить адрес электронной почты вашей учётной записи Traderoom на ${email}.`,
      'Пока вы не подтвердите его, входите с прежним адресом.',
    ],
    action: { label: 'Подтвердить новый адрес', url },
    notes: [
      `Ссылка действительна в течение ${minutes} ${minutesWord(minutes)}.`,
      'Если вы этого не просили, проигнорируйте письмо: ничего не изменится.',
    ],
  }),
  resetPassword: ({ name, url, minutes }) => ({
    subject: 'Сброс пароля',
    greeting: `Здравствуйте, ${name}!`,
    paragraphs: ['Мы получили запрос на сброс пароля вашей учётной записи Traderoom.'],
    action: { label: 'Выбрать новый пароль', url },
    notes: [
      `Ссылка действительна в течение ${minutes} ${minutesWord(minutes)} и может быть использована один раз.`,
      'Если вы не запрашивали новый пароль, проигнорируйте письмо: ваш пароль останется прежним.',
    ],
  }),
  passwordChanged: ({ name, url, when }) => ({
    subject: 'Ваш пароль изменён',
    greeting: `Здравствуйте, ${name}!`,
    paragraphs: [`Пароль вашей учётной записи Traderoom был изменён ${when}.`],
    action: { label: 'Сбросить пароль', url },
    notes: ['Если это были не вы, немедленно сбросьте пароль и свяжитесь с нашей службой поддержки.'],
  }),
};
