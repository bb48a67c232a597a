import type { DocumentKind } from '../../../contract/verification.ts';
import { quoted, type NotificationMailCopy } from './types.ts';

const documentName: Record<DocumentKind, string> = { identity: 'документ, що посвідчує особу', address: 'підтвердження адреси' };
const statusName: Record<string, string> = {
  open: 'відкрито',
  awaiting_staff: 'очікує нашої відповіді',
  awaiting_client: 'очікує вашої відповіді',
  resolved: 'вирішено',
  closed: 'закрито',
};
const hello = (name: string) => `Вітаємо, ${name}!`;

export const ua: NotificationMailCopy = {
  'money_request.approved': ({ name, url, when, kind, amount, account }) => ({
    subject: kind === 'deposit' ? `Поповнення на ${amount} схвалено` : `Виведення ${amount} схвалено`,
    greeting: hello(name),
    paragraphs: [
      kind === 'deposit'
        ? `Поповнення рахунку ${account} на ${amount} схвалено ${when}. Кошти надійдуть на ваш рахунок.`
        : `Виведення ${amount} з рахунку ${account} схвалено ${when}. Виплату вже надіслано вам.`,
    ],
    action: { label: 'Відкрити історію', url },
    notes: [],
  }),
  'money_request.rejected': ({ name, url, when, kind, amount, account, reason }) => ({
    subject: kind === 'deposit' ? `Поповнення на ${amount} відхилено` : `Виведення ${amount} відхилено`,
    greeting: hello(name),
    paragraphs: [
      kind === 'deposit'
        ? `Поповнення рахунку ${account} на ${amount} відхилено ${when}.`
        : `Виведення ${amount} з рахунку ${account} відхилено ${when}.`,
      reason ? `Причина: ${reason}` : 'Причину не вказано; подробиці розповість наша служба підтримки.',
      ...(kind === 'withdrawal' ? ['Кошти залишаються на вашому рахунку.'] : []),
    ],
    action: { label: 'Відкрити історію', url },
    notes: [],
  }),
  'document.approved': ({ name, url, when, kind }) => ({
    subject: kind === 'identity' ? 'Документ, що посвідчує особу, схвалено' : 'Підтвердження адреси схвалено',
    greeting: hello(name),
    paragraphs: [`Ми перевірили ваш ${documentName[kind]} і схвалили його ${when}.`],
    action: { label: 'Відкрити верифікацію', url },
    notes: [],
  }),
  'document.rejected': ({ name, url, when, kind, reason }) => ({
    subject: kind === 'identity' ? 'Документ, що посвідчує особу, відхилено' : 'Підтвердження адреси відхилено',
    greeting: hello(name),
    paragraphs: [
      `Ми перевірили ваш ${documentName[kind]} і не змогли його прийняти (${when}).`,
      reason ? `Причина: ${reason}` : 'Завантажте, будь ласка, чіткий, повний і чинний документ.',
      'Новий документ можна завантажити будь-коли.',
    ],
    action: { label: 'Завантажити новий документ', url },
    notes: [],
  }),
  'ticket.reply': ({ name, url, number, subject, from, answer }) =>
    answer === undefined
      ? {
          subject: `Нова відповідь у зверненні ${number}`,
          greeting: hello(name),
          paragraphs: [`${from} відповів(ла) у вашому зверненні ${number} «${subject}».`],
          action: { label: 'Прочитати відповідь', url },
          notes: [],
        }
      : {
          subject: `Відповідь на ваше повідомлення: звернення ${number}`,
          greeting: hello(name),
          paragraphs: [`Ви написали нам у чат, коли в підтримці нікого не було, і ваше повідомлення стало зверненням ${number}. ${from} відповів(ла):`, ...quoted(answer)],
          action: { label: 'Відкрити звернення', url },
          notes: ['Відповісти можна на сторінці звернення або в чаті.'],
        },
  'ticket.status': ({ name, url, number, subject, status }) => ({
    subject: `Звернення ${number}: ${statusName[status] ?? status}`,
    greeting: hello(name),
    paragraphs: [`Статус вашого звернення ${number} «${subject}»: ${statusName[status] ?? status}.`],
    action: { label: 'Відкрити звернення', url },
    notes: [],
  }),
  'ticket.new': ({ name, url, number, subject, client, category }) => ({
    subject: `Нове звернення ${number}: ${subject}`,
    greeting: hello(name),
    paragraphs: [`${client} відкрив(ла) звернення ${number} «${subject}» (${category}).`],
    action: { label: 'Відкрити звернення', url },
    notes: [],
  }),
  'security.new_device': ({ name, url, when, device, ip, notMeUrl, notMeDays }) => ({
    subject: 'Вхід з нового пристрою',
    greeting: hello(name),
    paragraphs: [`У ваш обліковий запис Traderoom увійшли з пристрою, якого ми раніше не бачили: ${device}${ip ? `, адреса ${ip}` : ''}, ${when}.`],
    action: notMeUrl ? { label: 'Це був не я', url: notMeUrl } : { label: 'Переглянути пристрої', url },
    notes: notMeUrl
      ? [
          'Якщо це були ви, нічого робити не потрібно.',
          `Якщо ні, натисніть «Це був не я»: ми завершимо всі сеанси й забудемо запам’ятані пристрої, на певний час затримаємо виведення коштів і надішлемо посилання для нового пароля. Посилання діє один раз, ${notMeDays} дн.`,
          `Ваші пристрої та останні входи: ${url}`,
        ]
      : ['Якщо це були ви, нічого робити не потрібно. Якщо ні, негайно змініть пароль і завершіть сеанси на інших пристроях.'],
  }),
  'security.email_changed': ({ name, url, when, previous, current }) => ({
    subject: 'Адресу електронної пошти облікового запису змінено',
    greeting: hello(name),
    paragraphs: [`Адресу електронної пошти вашого облікового запису Traderoom змінено з ${previous} на ${current} ${when}.`],
    action: { label: 'Відкрити профіль', url },
    notes: ['Якщо це були не ви, негайно зверніться до нашої служби підтримки.'],
  }),
  'privacy.export_ready': ({ name, url, until }) => ({
    subject: 'Ваші дані готові до завантаження',
    greeting: hello(name),
    paragraphs: [`Вивантаження ваших даних Traderoom, яке ви замовили, готове. Завантажте його в розділі «Налаштування → Конфіденційність» до ${until}; після цього файл буде видалено.`],
    action: { label: 'Завантажити дані', url },
    notes: ['Якщо ви не замовляли вивантаження, змініть пароль і зверніться до нашої підтримки.'],
  }),
  'ipo.priced': ({ name, url, offering, price, deadline }) => ({
    subject: `${offering}: остаточна ціна — ${price}`,
    greeting: hello(name),
    paragraphs: deadline
      ? [
          `Остаточна ціна ${offering} — ${price} за акцію, більш ніж на 20% поза оголошеним діапазоном.`,
          `Ваша заявка залишається заблокованою, але її треба підтвердити до ${deadline}. Без підтвердження вона втратить чинність, а заблоковані кошти повернуться на рахунок.`,
        ]
      : [`Остаточна ціна ${offering} — ${price} за акцію. Ваша заявка залишається чинною; наступний крок — розподіл.`],
    action: { label: deadline ? 'Підтвердити заявку' : 'Відкрити розміщення', url },
    notes: [],
  }),
  'ipo.lapsed': ({ name, url, offering, released }) => ({
    subject: `${offering}: ваша заявка втратила чинність`,
    greeting: hello(name),
    paragraphs: [`Вашу заявку на ${offering} не було підтверджено вчасно, і вона втратила чинність. Заблоковані під неї ${released} знову доступні.`],
    action: { label: 'Відкрити розміщення', url },
    notes: [],
  }),
  'ipo.allocated': ({ name, url, offering, requested, allocated, released, shares, price }) => ({
    subject: `${offering}: вам розподілено акцій — ${shares}`,
    greeting: hello(name),
    paragraphs: [
      `Акції ${offering} розподілено пропорційно: ви подали заявку на ${requested} і отримали акцій: ${shares} за ${price}, усього на ${allocated}.`,
      `Решту ${released} одразу розблоковано на вашому рахунку.`,
    ],
    action: { label: 'Переглянути розподіл', url },
    notes: [],
  }),
  'ipo.cancelled': ({ name, url, offering, released, reason }) => ({
    subject: `${offering}: розміщення скасовано`,
    greeting: hello(name),
    paragraphs: [`Розміщення ${offering} скасовано.${reason ? ` Причина: ${reason}` : ''}`, `Заблоковані під вашу заявку ${released} знову доступні.`],
    action: { label: 'Відкрити розміщення', url },
    notes: [],
  }),
  'copy.stop_loss': ({ name, url, strategy, equity, floor }) => ({
    subject: `${strategy}: стоп-лос закрив скопійовані позиції`,
    greeting: hello(name),
    paragraphs: [
      `Кошти вашої копії стратегії «${strategy}» знизилися до ${equity} — до встановленого вами рівня ${floor} або нижче.`,
      'Відкриті позиції закрито, копіювання призупинено. Знизьте стоп-лос або поповніть рахунок, потім відновіть копіювання.',
    ],
    action: { label: 'Відкрити підписку', url },
    notes: [],
  }),
  preferencesNote: 'Які сповіщення надходять вам поштою, можна обрати в розділі «Налаштування → Сповіщення».',
};
