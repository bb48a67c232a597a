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
    'validation.exists': (p) => `Выбранное значение поля «${p.attribute}» недопустимо.`,
    'validation.between': (p) => `Поле «${p.attribute}» должно быть между ${p.min} и ${p.max}.`,
    'validation.numeric': (p) => `Поле «${p.attribute}» должно быть числом.`,
    'validation.gt': (p) => `Поле «${p.attribute}» должно быть больше 0.`,
    'validation.decimal': (p) =>
      p.max === 0
        ? `Поле «${p.attribute}» должно быть целым числом.`
        : `Поле «${p.attribute}» должно содержать не более ${p.max} знаков после запятой.`,
    'validation.max_amount': (p) => `Поле «${p.attribute}» не может быть больше ${p.value}.`,
    'validation.accounts_max': (p) => `Можно открыть не более ${p.max} ${plural.select(p.max ?? 0) === 'one' ? 'торгового счёта' : 'торговых счетов'}.`,
    'validation.insufficient_funds': (p) => `Сумма превышает доступный остаток ${p.value}.`,
    'validation.same_currency': () => 'Переводы возможны только между счетами в одной валюте.',
    'validation.same_account_type': () => 'Нельзя переводить средства между демо- и реальными счетами.',
    'validation.different': () => 'Выберите два разных счёта.',
    'validation.archived': () => 'Этот счёт в архиве.',
    'validation.idempotency_reused': () => 'Этот ключ идемпотентности уже использован для другого запроса.',
    'validation.decided': () => 'По этой заявке уже принято решение.',
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
    currency_id: 'валюта',
    type: 'тип',
    leverage: 'кредитное плечо',
    account_id: 'счёт',
    from_account_id: 'счёт списания',
    to_account_id: 'счёт зачисления',
    amount: 'сумма',
    idempotency_key: 'ключ идемпотентности',
  },
};
