import type { Catalog } from './types.ts';

const plural = new Intl.PluralRules('uk');
/** After «щонайменше / не більше ніж»: 1, 21 символ; 2, 3, 4 символи; 5, 11 символів. */
const characters = (n: number) => ({ one: 'символ', few: 'символи' })[plural.select(n) as 'one' | 'few'] ?? 'символів';
const errors = (n: number) => ({ one: 'помилка', few: 'помилки' })[plural.select(n) as 'one' | 'few'] ?? 'помилок';

/** Ukrainian (the product's locale code is `ua`, CLDR `uk`). */
export const ua: Catalog = {
  messages: {
    'validation.required': (p) => `Поле «${p.attribute}» є обов’язковим.`,
    'validation.string': (p) => `Поле «${p.attribute}» має бути рядком.`,
    'validation.boolean': (p) => `Поле «${p.attribute}» повинно мати значення true або false.`,
    'validation.email': (p) => `Поле «${p.attribute}» має містити дійсну адресу електронної пошти.`,
    'validation.min': (p) => `Поле «${p.attribute}» має містити щонайменше ${p.min} ${characters(p.min ?? 0)}.`,
    'validation.max': (p) => `Поле «${p.attribute}» має містити не більше ніж ${p.max} ${characters(p.max ?? 0)}.`,
    'validation.confirmed': (p) => `Поле «${p.attribute}» не збігається з підтвердженням.`,
    'validation.unique': (p) => `Таке значення поля «${p.attribute}» вже використовується.`,
    'validation.invalid': (p) => `Поле «${p.attribute}» заповнено неправильно.`,
    'validation.more': (p) => `(і ще ${p.count} ${errors(p.count ?? 0)})`,
    'validation.exists': (p) => `Вибране значення поля «${p.attribute}» неприпустиме.`,
    'validation.between': (p) => `Поле «${p.attribute}» має бути між ${p.min} та ${p.max}.`,
    'validation.numeric': (p) => `Поле «${p.attribute}» має бути числом.`,
    'validation.gt': (p) => `Поле «${p.attribute}» має бути більшим за 0.`,
    'validation.decimal': (p) =>
      p.max === 0
        ? `Поле «${p.attribute}» має бути цілим числом.`
        : `Поле «${p.attribute}» має містити не більше ${p.max} знаків після коми.`,
    'validation.max_amount': (p) => `Поле «${p.attribute}» не може бути більшим за ${p.value}.`,
    'validation.accounts_max': (p) => `Можна відкрити не більше ${p.max} ${plural.select(p.max ?? 0) === 'one' ? 'торгового рахунку' : 'торгових рахунків'}.`,
    'validation.insufficient_funds': (p) => `Сума перевищує доступний залишок ${p.value}.`,
    'validation.same_currency': () => 'Перекази можливі лише між рахунками в одній валюті.',
    'validation.same_account_type': () => 'Не можна переказувати кошти між демо- та реальними рахунками.',
    'validation.different': () => 'Оберіть два різні рахунки.',
    'validation.archived': () => 'Цей рахунок в архіві.',
    'validation.idempotency_reused': () => 'Цей ключ ідемпотентності вже використано для іншого запиту.',
    'validation.decided': () => 'Щодо цієї заявки вже ухвалено рішення.',
    'auth.failed': () => 'Неправильна адреса електронної пошти або пароль.',
    'auth.throttle': () => 'Забагато спроб.',
    'http.unauthenticated': () => 'Потрібно увійти в систему.',
    'http.forbidden': () => 'Цю дію заборонено.',
    'http.not_found': () => 'Не знайдено.',
    'http.bad_request': () => 'Не вдалося розібрати запит.',
    'http.invalid_json': () => 'Тіло запиту не є коректним JSON.',
    'http.payload_too_large': () => 'Тіло запиту завелике (обмеження — 1 МБ).',
    'http.unsupported_media_type': () => 'Непідтримуваний тип вмісту: надішліть JSON (Content-Type: application/json).',
    'http.server_error': () => 'Помилка сервера',
  },
  attributes: {
    first_name: 'ім’я',
    second_name: 'прізвище',
    email: 'електронна пошта',
    password: 'пароль',
    password_confirmation: 'підтвердження пароля',
    remember: 'запам’ятати мене',
    currency_id: 'валюта',
    type: 'тип',
    leverage: 'кредитне плече',
    account_id: 'рахунок',
    from_account_id: 'рахунок списання',
    to_account_id: 'рахунок зарахування',
    amount: 'сума',
    idempotency_key: 'ключ ідемпотентності',
  },
};
