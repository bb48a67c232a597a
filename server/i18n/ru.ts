import type { Catalog } from './types.ts';

const plural = new Intl.PluralRules('ru');
/** After «не менее / не более»: 1, 21 символа; 2, 5, 11 символов. */
const characters = (n: number) => (plural.select(n) === 'one' ? 'символа' : 'символов');
const errors = (n: number) => ({ one: 'ошибка', few: 'ошибки' })[plural.select(n) as 'one' | 'few'] ?? 'ошибок';

export const ru: Catalog = {
  messages: {
    'validation.required': (p) => `Поле «${p.attribute}» обязательно для заполнения.`,
    'validation.string': (p) => `Поле «${p.attribute}» должно быть строкой.`,
    'validation.boolean': (p) => `Поле «${p.attribute}» должно иметь значение true или false.`,
    'validation.email': (p) => `В поле «${p.attribute}» должен быть указан действительный адрес электронной почты.`,
    'validation.min': (p) => `Поле «${p.attribute}» должно содержать не менее ${p.min} ${characters(p.min ?? 0)}.`,
    'validation.max': (p) => `Поле «${p.attribute}» должно содержать не более ${p.max} ${characters(p.max ?? 0)}.`,
    'validation.confirmed': (p) => `Значение поля «${p.attribute}» не совпадает с подтверждением.`,
    'validation.unique': (p) => `Такое значение поля «${p.attribute}» уже используется.`,
    'validation.invalid': (p) => `Поле «${p.attribute}» заполнено неверно.`,
    'validation.more': (p) => `(и ещё ${p.count} ${errors(p.count ?? 0)})`,
    'auth.failed': () => 'Неверный адрес электронной почты или пароль.',
    'auth.throttle': () => 'Слишком много попыток.',
    'http.unauthenticated': () => 'Требуется вход в систему.',
    'http.forbidden': () => 'Это действие запрещено.',
    'http.not_found': () => 'Не найдено.',
    'http.bad_request': () => 'Не удалось разобрать запрос.',
    'http.invalid_json': () => 'Тело запроса не является корректным JSON.',
    'http.payload_too_large': () => 'Тело запроса слишком велико (предел — 1 МБ).',
    'http.unsupported_media_type': () => 'Неподдерживаемый тип содержимого: отправьте JSON (Content-Type: application/json).',
    'http.server_error': () => 'Ошибка сервера',
  },
  attributes: {
    first_name: 'имя',
    second_name: 'фамилия',
    email: 'электронная почта',
    password: 'пароль',
    password_confirmation: 'подтверждение пароля',
    remember: 'запомнить меня',
    message: 'сообщение',
    last_read_id: 'последнее прочитанное',
    user_id: 'пользователь',
    after: 'после',
    search: 'поиск',
    socket_id: 'идентификатор сокета',
    channel_name: 'имя канала',
  },
};
