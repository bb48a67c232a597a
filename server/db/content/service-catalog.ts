/**
 * The services the broker offers, inserted by migration 0011. Later changes to the catalogue
 * belong in a new migration (an update), not here: a migration must do the same thing every time.
 */
export interface CatalogService {
  code: string;
  /** An icon name the app knows (features/services/service-icons.tsx). */
  icon: 'manager' | 'server' | 'signal' | 'education' | 'shield';
  text: Record<'en' | 'ru' | 'ua', { title: string; description: string }>;
}

export const SERVICE_CATALOG: CatalogService[] = [
  {
    code: 'personal-manager',
    icon: 'manager',
    text: {
      en: {
        title: 'Personal manager consultation',
        description:
          'A 30-minute call with your personal manager: account types, leverage and margin, deposits and withdrawals, or a second look at a trading plan.',
      },
      ru: {
        title: 'Консультация персонального менеджера',
        description:
          'Тридцатиминутный звонок с вашим персональным менеджером: типы счетов, кредитное плечо и маржа, пополнение и вывод средств или свежий взгляд на торговый план.',
      },
      ua: {
        title: 'Консультація персонального менеджера',
        description:
          'Тридцятихвилинна розмова з вашим персональним менеджером: типи рахунків, кредитне плече й маржа, поповнення та виведення коштів або свіжий погляд на торговий план.',
      },
    },
  },
  {
    code: 'vps',
    icon: 'server',
    text: {
      en: {
        title: 'VPS for trading platforms',
        description:
          'A virtual server in a data centre next to our trade servers, with MetaTrader preinstalled: your advisors keep running when your computer is off. Free from a monthly volume of 5 lots.',
      },
      ru: {
        title: 'VPS для торговых платформ',
        description:
          'Виртуальный сервер в дата-центре рядом с нашими торговыми серверами, с установленным MetaTrader: советники работают, даже когда ваш компьютер выключен. Бесплатно при обороте от 5 лотов в месяц.',
      },
      ua: {
        title: 'VPS для торгових платформ',
        description:
          'Віртуальний сервер у дата-центрі поруч із нашими торговими серверами, зі встановленим MetaTrader: радники працюють, навіть коли ваш комп’ютер вимкнено. Безкоштовно за обороту від 5 лотів на місяць.',
      },
    },
  },
  {
    code: 'trading-signals',
    icon: 'signal',
    text: {
      en: {
        title: 'Trading signals',
        description:
          'Daily trade ideas on major currency pairs, gold and indices from our analysts, with entry, stop-loss and take-profit levels and the reasoning behind them.',
      },
      ru: {
        title: 'Торговые сигналы',
        description:
          'Ежедневные торговые идеи наших аналитиков по основным валютным парам, золоту и индексам: уровни входа, стоп-лосс, тейк-профит и обоснование.',
      },
      ua: {
        title: 'Торгові сигнали',
        description:
          'Щоденні торгові ідеї наших аналітиків щодо основних валютних пар, золота та індексів: рівні входу, стоп-лос, тейк-профіт і обґрунтування.',
      },
    },
  },
  {
    code: 'education',
    icon: 'education',
    text: {
      en: {
        title: 'Education programme',
        description:
          'Eight live webinars with a mentor, from how markets work to risk management and building a strategy, with recordings and homework reviewed personally.',
      },
      ru: {
        title: 'Обучающая программа',
        description:
          'Восемь живых вебинаров с наставником: от устройства рынков до управления рисками и построения стратегии, с записями и индивидуальной проверкой домашних заданий.',
      },
      ua: {
        title: 'Навчальна програма',
        description:
          'Вісім живих вебінарів із наставником: від того, як влаштовані ринки, до управління ризиками та побудови стратегії, із записами й індивідуальною перевіркою домашніх завдань.',
      },
    },
  },
  {
    code: 'risk-review',
    icon: 'shield',
    text: {
      en: {
        title: 'Portfolio risk review',
        description:
          'A written review of your open positions and history: exposure by currency, drawdown, position sizing, and concrete suggestions to keep risk within your limits.',
      },
      ru: {
        title: 'Анализ рисков портфеля',
        description:
          'Письменный разбор ваших открытых позиций и истории сделок: валютная экспозиция, просадка, размер позиций и конкретные рекомендации, как удержать риск в ваших пределах.',
      },
      ua: {
        title: 'Аналіз ризиків портфеля',
        description:
          'Письмовий розбір ваших відкритих позицій та історії угод: валютна експозиція, просідання, розмір позицій і конкретні рекомендації, як утримати ризик у ваших межах.',
      },
    },
  },
];
