import type { DocumentKind } from '../../../contract/verification.ts';
import { quoted, type NotificationMailCopy } from './types.ts';

const documentName: Record<DocumentKind, string> = { identity: 'документ, удостоверяющий личность', address: 'подтверждение адреса' };
const statusName: Record<string, string> = {
  open: 'открыто',
  awaiting_staff: 'ожидает нашего ответа',
  awaiting_client: 'ожидает вашего ответа',
  resolved: 'решено',
  closed: 'закрыто',
};
const hello = (name: string) => `Здравствуйте, ${name}!`;

export const ru: NotificationMailCopy = {
  'money_request.approved': ({ name, url, when, kind, amount, account }) => ({
    subject: kind === 'deposit' ? `Пополнение на ${amount} одобрено` : `Вывод ${amount} одобрен`,
    greeting: hello(name),
    paragraphs: [
      kind === 'deposit'
        ? `Пополнение счёта ${account} на ${amount} одобрено ${when}. Деньги поступят на ваш счёт.`
        : `Вывод ${amount} со счёта ${account} одобрен ${when}. Выплата уже отправлена вам.`,
    ],
    action: { label: 'Открыть историю', url },
    notes: [],
  }),
  'money_request.rejected': ({ name, url, when, kind, amount, account, reason }) => ({
    subject: kind === 'deposit' ? `Пополнение на ${amount} отклонено` : `Вывод ${amount} отклонён`,
    greeting: hello(name),
    paragraphs: [
      kind === 'deposit'
        ? `Пополнение счёта ${account} на ${amount} отклонено ${when}.`
        : `Вывод ${amount} со счёта ${account} отклонён ${when}.`,
      reason ? `Причина: ${reason}` : 'Причина не указана; подробности расскажет наша служба поддержки.',
      ...(kind === 'withdrawal' ? ['Деньги остаются на вашем счёте.'] : []),
    ],
    action: { label: 'Открыть историю', url },
    notes: [],
  }),
  'document.approved': ({ name, url, when, kind }) => ({
    subject: kind === 'identity' ? 'Документ, удостоверяющий личность, одобрен' : 'Подтверждение адреса одобрено',
    greeting: hello(name),
    paragraphs: [`Мы проверили ваш ${documentName[kind]} и одобрили его ${when}.`],
    action: { label: 'Открыть верификацию', url },
    notes: [],
  }),
  'document.rejected': ({ name, url, when, kind, reason }) => ({
    subject: kind === 'identity' ? 'Документ, удостоверяющий личность, отклонён' : 'Подтверждение адреса отклонено',
    greeting: hello(name),
    paragraphs: [
      `Мы проверили ваш ${documentName[kind]} и не смогли его принять (${when}).`,
      reason ? `Причина: ${reason}` : 'Загрузите, пожалуйста, чёткий, полный и действительный документ.',
      'Новый документ можно загрузить в любое время.',
    ],
    action: { label: 'Загрузить новый документ', url },
    notes: [],
  }),
  'ticket.reply': ({ name, url, number, subject, from, answer }) =>
    answer === undefined
      ? {
          subject: `Новый ответ в обращении ${number}`,
          greeting: hello(name),
          paragraphs: [`${from} ответил(а) в вашем обращении ${number} «${subject}».`],
          action: { label: 'Прочитать ответ', url },
          notes: [],
        }
      : {
          subject: `Ответ на ваше сообщение: обращение ${number}`,
          greeting: hello(name),
          paragraphs: [`Вы написали нам в чат, когда в поддержке никого не было, и ваше сообщение стало обращением ${number}. ${from} ответил(а):`, ...quoted(answer)],
          action: { label: 'Открыть обращение', url },
          notes: ['Ответить можно на странице обращения или в чате.'],
        },
  'ticket.status': ({ name, url, number, subject, status }) => ({
    subject: `Обращение ${number}: ${statusName[status] ?? status}`,
    greeting: hello(name),
    paragraphs: [`Статус вашего обращения ${number} «${subject}»: ${statusName[status] ?? status}.`],
    action: { label: 'Открыть обращение', url },
    notes: [],
  }),
  'ticket.new': ({ name, url, number, subject, client, category }) => ({
    subject: `Новое обращение ${number}: ${subject}`,
    greeting: hello(name),
    paragraphs: [`${client} открыл(а) обращение ${number} «${subject}» (${category}).`],
    action: { label: 'Открыть обращение', url },
    notes: [],
  }),
  'security.new_device': ({ name, url, when, device, ip, notMeUrl, notMeDays }) => ({
    subject: 'Вход с нового устройства',
    greeting: hello(name),
    paragraphs: [`В вашу учётную запись Traderoom вошли с устройства, которого мы раньше не видели: ${device}${ip ? `, адрес ${ip}` : ''}, ${when}.`],
    action: notMeUrl ? { label: 'Это был не я', url: notMeUrl } : { label: 'Проверить устройства', url },
    notes: notMeUrl
      ? [
          'Если это были вы, ничего делать не нужно.',
          `Если нет, нажмите «Это был не я»: мы завершим все сеансы и забудем запомненные устройства, на время задержим вывод средств и пришлём ссылку для нового пароля. Ссылка действует один раз, ${notMeDays} дн.`,
          `Ваши устройства и последние входы: ${url}`,
        ]
      : ['Если это были вы, ничего делать не нужно. Если нет, немедленно смените пароль и завершите сеансы на других устройствах.'],
  }),
  'security.email_changed': ({ name, url, when, previous, current }) => ({
    subject: 'Адрес электронной почты учётной записи изменён',
    greeting: hello(name),
    paragraphs: [`Адрес электронной почты вашей учётной записи Traderoom изменён с ${previous} на ${current} ${when}.`],
    action: { label: 'Открыть профиль', url },
    notes: ['Если это были не вы, немедленно свяжитесь с нашей службой поддержки.'],
  }),
  'privacy.export_ready': ({ name, url, until }) => ({
    subject: 'Ваши данные готовы к скачиванию',
    greeting: hello(name),
    paragraphs: [`Выгрузка ваших данных Traderoom, которую вы запросили, готова. Скачайте её в разделе «Настройки → Конфиденциальность» до ${until}; после этого файл будет удалён.`],
    action: { label: 'Скачать данные', url },
    notes: ['Если вы не запрашивали выгрузку, смените пароль и свяжитесь с нашей поддержкой.'],
  }),
  'ipo.priced': ({ name, url, offering, price, deadline }) => ({
    subject: `${offering}: окончательная цена — ${price}`,
    greeting: hello(name),
    paragraphs: deadline
      ? [
          `Окончательная цена ${offering} — ${price} за акцию, более чем на 20% за пределами объявленного диапазона.`,
          `Ваша заявка остаётся заблокированной, но её нужно подтвердить до ${deadline}. Без подтверждения она истечёт, а заблокированные средства вернутся на счёт.`,
        ]
      : [`Окончательная цена ${offering} — ${price} за акцию. Ваша заявка остаётся в силе; следующий шаг — распределение.`],
    action: { label: deadline ? 'Подтвердить заявку' : 'Открыть размещение', url },
    notes: [],
  }),
  'ipo.lapsed': ({ name, url, offering, released }) => ({
    subject: `${offering}: срок вашей заявки истёк`,
    greeting: hello(name),
    paragraphs: [`Ваша заявка на ${offering} не была подтверждена вовремя, и её срок истёк. Заблокированные под неё ${released} снова доступны.`],
    action: { label: 'Открыть размещение', url },
    notes: [],
  }),
  'ipo.allocated': ({ name, url, offering, requested, allocated, released, shares, price }) => ({
    subject: `${offering}: вам распределено акций — ${shares}`,
    greeting: hello(name),
    paragraphs: [
      `Акции ${offering} распределены пропорционально: вы подали заявку на ${requested} и получили акций: ${shares} по ${price}, всего на ${allocated}.`,
      `Оставшиеся ${released} сразу разблокированы на вашем счёте.`,
    ],
    action: { label: 'Посмотреть распределение', url },
    notes: [],
  }),
  'ipo.cancelled': ({ name, url, offering, released, reason }) => ({
    subject: `${offering}: размещение отменено`,
    greeting: hello(name),
    paragraphs: [`Размещение ${offering} отменено.${reason ? ` Причина: ${reason}` : ''}`, `Заблокированные под вашу заявку ${released} снова доступны.`],
    action: { label: 'Открыть размещение', url },
    notes: [],
  }),
  'copy.stop_loss': ({ name, url, strategy, equity, floor }) => ({
    subject: `${strategy}: стоп-лосс закрыл скопированные позиции`,
    greeting: hello(name),
    paragraphs: [
      `Средства вашей копии стратегии «${strategy}» снизились до ${equity} — до установленного вами уровня ${floor} или ниже.`,
      'Открытые позиции закрыты, копирование приостановлено. Понизьте стоп-лосс или пополните счёт, затем возобновите копирование.',
    ],
    action: { label: 'Открыть подписку', url },
    notes: [],
  }),
  preferencesNote: 'Какие уведомления приходят вам на почту, можно выбрать в разделе «Настройки → Уведомления».',
};
