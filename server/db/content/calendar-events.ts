/**
 * A demo economic calendar: a typical week of releases by weekday (times UTC), laid over the
 * fortnight around the moment of seeding. Past releases carry an actual figure, future ones not.
 */
import type { Locale } from '../../../contract/locales.ts';

type Titles = Record<Locale, string>;

export interface WeeklyRelease {
  /** 1 = Monday … 5 = Friday. */
  weekday: 1 | 2 | 3 | 4 | 5;
  time: string;
  country: string;
  currency: string;
  importance: 1 | 2 | 3;
  title: Titles;
  forecast: string | null;
  previous: string | null;
  /** What came out, for releases already past at seeding. */
  actual: string | null;
}

export const WEEKLY_RELEASES: WeeklyRelease[] = [
  { weekday: 1, time: '09:00', country: 'DE', currency: 'EUR', importance: 2, title: { en: 'Ifo Business Climate', ru: 'Индекс делового климата Ifo', ua: 'Індекс ділового клімату Ifo' }, forecast: '87.5', previous: '87.2', actual: '87.8' },
  { weekday: 1, time: '15:00', country: 'US', currency: 'USD', importance: 1, title: { en: 'New Home Sales', ru: 'Продажи новых домов', ua: 'Продажі нових будинків' }, forecast: '690K', previous: '681K', actual: '702K' },
  { weekday: 1, time: '23:50', country: 'JP', currency: 'JPY', importance: 1, title: { en: 'Corporate Services Price Index (YoY)', ru: 'Индекс цен на корпоративные услуги (г/г)', ua: 'Індекс цін на корпоративні послуги (р/р)' }, forecast: '2.9%', previous: '2.9%', actual: '3.0%' },
  { weekday: 2, time: '00:30', country: 'AU', currency: 'AUD', importance: 2, title: { en: 'RBA Meeting Minutes', ru: 'Протокол заседания РБА', ua: 'Протокол засідання РБА' }, forecast: null, previous: null, actual: null },
  { weekday: 2, time: '10:00', country: 'EU', currency: 'EUR', importance: 3, title: { en: 'CPI Flash Estimate (YoY)', ru: 'Предварительный индекс потребительских цен (г/г)', ua: 'Попередній індекс споживчих цін (р/р)' }, forecast: '2.3%', previous: '2.0%', actual: '2.4%' },
  { weekday: 2, time: '13:30', country: 'CA', currency: 'CAD', importance: 2, title: { en: 'Retail Sales (MoM)', ru: 'Розничные продажи (м/м)', ua: 'Роздрібні продажі (м/м)' }, forecast: '0.4%', previous: '0.4%', actual: '0.6%' },
  { weekday: 2, time: '15:00', country: 'US', currency: 'USD', importance: 2, title: { en: 'CB Consumer Confidence', ru: 'Индекс доверия потребителей CB', ua: 'Індекс довіри споживачів CB' }, forecast: '111.3', previous: '108.7', actual: '111.7' },
  { weekday: 3, time: '00:45', country: 'NZ', currency: 'NZD', importance: 3, title: { en: 'RBNZ Interest Rate Decision', ru: 'Решение РБНЗ по процентной ставке', ua: 'Рішення РБНЗ щодо процентної ставки' }, forecast: '4.25%', previous: '4.75%', actual: '4.25%' },
  { weekday: 3, time: '12:00', country: 'UA', currency: 'UAH', importance: 3, title: { en: 'NBU Interest Rate Decision', ru: 'Решение НБУ по учётной ставке', ua: 'Рішення НБУ щодо облікової ставки' }, forecast: '13.5%', previous: '13.0%', actual: '13.5%' },
  { weekday: 3, time: '13:30', country: 'US', currency: 'USD', importance: 3, title: { en: 'Core PCE Price Index (MoM)', ru: 'Базовый индекс цен PCE (м/м)', ua: 'Базовий індекс цін PCE (м/м)' }, forecast: '0.3%', previous: '0.3%', actual: '0.3%' },
  { weekday: 3, time: '15:30', country: 'US', currency: 'USD', importance: 2, title: { en: 'Crude Oil Inventories', ru: 'Запасы сырой нефти', ua: 'Запаси сирої нафти' }, forecast: '-1.2M', previous: '0.5M', actual: '-5.1M' },
  { weekday: 3, time: '23:30', country: 'JP', currency: 'JPY', importance: 3, title: { en: 'Tokyo Core CPI (YoY)', ru: 'Базовый индекс потребительских цен Токио (г/г)', ua: 'Базовий індекс споживчих цін Токіо (р/р)' }, forecast: '2.1%', previous: '1.8%', actual: '2.2%' },
  { weekday: 4, time: '07:00', country: 'GB', currency: 'GBP', importance: 1, title: { en: 'Nationwide House Price Index (MoM)', ru: 'Индекс цен на жильё Nationwide (м/м)', ua: 'Індекс цін на житло Nationwide (м/м)' }, forecast: '0.2%', previous: '0.1%', actual: '1.2%' },
  { weekday: 4, time: '13:15', country: 'EU', currency: 'EUR', importance: 3, title: { en: 'ECB Interest Rate Decision', ru: 'Решение ЕЦБ по процентной ставке', ua: 'Рішення ЄЦБ щодо процентної ставки' }, forecast: '3.15%', previous: '3.40%', actual: '3.15%' },
  { weekday: 4, time: '13:30', country: 'US', currency: 'USD', importance: 2, title: { en: 'Initial Jobless Claims', ru: 'Первичные заявки на пособие по безработице', ua: 'Первинні заявки на допомогу з безробіття' }, forecast: '215K', previous: '213K', actual: '207K' },
  { weekday: 4, time: '08:30', country: 'CH', currency: 'CHF', importance: 1, title: { en: 'SECO Consumer Climate', ru: 'Индекс потребительского климата SECO', ua: 'Індекс споживчого клімату SECO' }, forecast: '-35', previous: '-37', actual: '-33' },
  { weekday: 5, time: '01:30', country: 'CN', currency: 'CNY', importance: 2, title: { en: 'Manufacturing PMI', ru: 'Индекс деловой активности в промышленности (PMI)', ua: 'Індекс ділової активності в промисловості (PMI)' }, forecast: '50.2', previous: '50.1', actual: '50.3' },
  { weekday: 5, time: '07:00', country: 'GB', currency: 'GBP', importance: 2, title: { en: 'GDP (QoQ)', ru: 'ВВП (кв/кв)', ua: 'ВВП (кв/кв)' }, forecast: '0.1%', previous: '0.5%', actual: '0.1%' },
  { weekday: 5, time: '13:30', country: 'US', currency: 'USD', importance: 3, title: { en: 'Nonfarm Payrolls', ru: 'Число рабочих мест вне сельского хозяйства', ua: 'Кількість робочих місць поза сільським господарством' }, forecast: '200K', previous: '12K', actual: '227K' },
  { weekday: 5, time: '13:30', country: 'US', currency: 'USD', importance: 3, title: { en: 'Unemployment Rate', ru: 'Уровень безработицы', ua: 'Рівень безробіття' }, forecast: '4.1%', previous: '4.1%', actual: '4.2%' },
  { weekday: 5, time: '13:30', country: 'CA', currency: 'CAD', importance: 2, title: { en: 'Employment Change', ru: 'Изменение числа занятых', ua: 'Зміна кількості зайнятих' }, forecast: '25.0K', previous: '14.5K', actual: '50.5K' },
];

/** Days before and after the seeding day that get the weekly releases. */
export const CALENDAR_SEED_DAYS_BEFORE = 7;
export const CALENDAR_SEED_DAYS_AFTER = 10;
