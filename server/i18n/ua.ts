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
    'validation.in': (p) => `Вибране значення поля «${p.attribute}» неприпустиме.`,
    'validation.array': (p) => `Поле «${p.attribute}» має бути списком.`,
    'validation.integer': (p) => `Поле «${p.attribute}» має бути цілим числом.`,
    'validation.date': (p) => `Поле «${p.attribute}» має бути коректною датою.`,
    'validation.time': (p) => `Поле «${p.attribute}» має бути коректним часом (ГГ:ХХ).`,
    'validation.timezone': (p) => `Поле «${p.attribute}» має бути коректним часовим поясом.`,
    'validation.more': (p) => `(і ще ${p.count} ${errors(p.count ?? 0)})`,
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
    lang: 'мова',
    date: 'дата',
    time: 'час',
    days: 'дні',
    time_zone: 'часовий пояс',
    currencies: 'валюти',
    importance: 'важливість',
    country: 'країна',
    currency: 'валюта',
    title_en: 'назва (англійською)',
    title_ru: 'назва (російською)',
    title_ua: 'назва (українською)',
    actual: 'факт',
    forecast: 'прогноз',
    previous: 'попереднє',
    service_id: 'послуга',
    note: 'коментар',
  },
};
