/**
 * Demo articles: six stories, each written in English, Russian and Ukrainian under one slug.
 * `hoursAgo` places them relative to the moment of seeding, so the newest is always recent.
 */
import type { Locale } from '../../../contract/locales.ts';

export interface SeedArticle {
  slug: string;
  category: 'news' | 'education' | 'analysis';
  cover: string;
  hoursAgo: number;
  text: Record<Locale, { title: string; excerpt: string; body: string }>;
}

export const SEED_ARTICLES: SeedArticle[] = [
  {
    slug: 'fed-holds-rates-signals-patience',
    category: 'news',
    cover: 'rates',
    hoursAgo: 3,
    text: {
      en: {
        title: 'Fed holds rates and signals patience',
        excerpt: 'The Federal Reserve left its policy rate unchanged and said it needs more evidence that inflation is cooling before it cuts.',
        body: `The Federal Open Market Committee kept the federal funds target range unchanged, in line with expectations. The statement noted that inflation "remains somewhat elevated" while the labour market is "gradually rebalancing".

## What moved

- **US dollar**: the dollar index gained about 0.3% after the press conference, as traders pushed back the timing of the first cut.
- **Treasuries**: two-year yields rose 6 basis points; the ten-year was little changed.
- **Equities**: the S&P 500 pared early gains and closed flat.

## What it means for traders

Rate-sensitive pairs such as USD/JPY and EUR/USD are likely to react most to the next inflation and payrolls releases. Check the economic calendar for the exact times in your time zone, and consider reducing position size ahead of high-importance events: spreads widen and prices can gap.`,
      },
      ru: {
        title: 'ФРС сохранила ставку и призвала к терпению',
        excerpt: 'Федеральная резервная система оставила ставку без изменений: прежде чем снижать её, регулятору нужны новые признаки замедления инфляции.',
        body: `Комитет по открытым рынкам ФРС, как и ожидалось, сохранил целевой диапазон ставки по федеральным фондам. В заявлении отмечается, что инфляция «остаётся несколько повышенной», а рынок труда «постепенно приходит в равновесие».

## Что изменилось на рынке

- **Доллар США**: индекс доллара после пресс-конференции вырос примерно на 0,3% — трейдеры отодвинули сроки первого снижения ставки.
- **Казначейские облигации**: доходность двухлетних бумаг поднялась на 6 базисных пунктов, десятилетних — почти не изменилась.
- **Акции**: S&P 500 растерял утренний рост и закрылся без изменений.

## Что это значит для трейдера

Сильнее всего на ближайшие данные по инфляции и занятости отреагируют пары, чувствительные к ставкам, — USD/JPY и EUR/USD. Точное время публикаций в вашем часовом поясе смотрите в экономическом календаре. Перед событиями высокой важности стоит уменьшить объём позиций: спреды расширяются, а цена может открыться с гэпом.`,
      },
      ua: {
        title: 'ФРС зберегла ставку й закликала до терпіння',
        excerpt: 'Федеральна резервна система залишила ставку без змін: перш ніж знижувати її, регулятору потрібні нові ознаки сповільнення інфляції.',
        body: `Комітет із відкритих ринків ФРС, як і очікувалося, зберіг цільовий діапазон ставки за федеральними фондами. У заяві зазначено, що інфляція «залишається дещо підвищеною», а ринок праці «поступово врівноважується».

## Що змінилося на ринку

- **Долар США**: індекс долара після пресконференції зріс приблизно на 0,3% — трейдери відсунули строки першого зниження ставки.
- **Казначейські облігації**: дохідність дворічних паперів піднялася на 6 базисних пунктів, десятирічних — майже не змінилася.
- **Акції**: S&P 500 втратив ранкове зростання й закрився без змін.

## Що це означає для трейдера

Найсильніше на найближчі дані щодо інфляції та зайнятості відреагують пари, чутливі до ставок, — USD/JPY та EUR/USD. Точний час публікацій у вашому часовому поясі дивіться в економічному календарі. Перед подіями високої важливості варто зменшити обсяг позицій: спреди розширюються, а ціна може відкритися з гепом.`,
      },
    },
  },
  {
    slug: 'eurusd-weekly-outlook',
    category: 'analysis',
    cover: 'chart',
    hoursAgo: 20,
    text: {
      en: {
        title: 'EUR/USD weekly outlook: a range ahead of the ECB',
        excerpt: 'The pair has spent two weeks between 1.0780 and 1.0920. Our analysts expect the range to hold until the ECB decision on Thursday.',
        body: `EUR/USD has traded in a tight range for two weeks, with buyers defending **1.0780** and sellers active near **1.0920**. Volatility has dropped to its lowest level since the summer.

## Levels to watch

| Level | Why it matters |
|---|---|
| 1.0920 | Upper edge of the range, 50-day moving average |
| 1.0850 | Middle of the range, last week's close |
| 1.0780 | Lower edge, October swing low |

## Scenarios

1. **The ECB sounds cautious about cuts**: a break above 1.0920 opens the way to 1.1000.
2. **The ECB opens the door to a cut in December**: a return to 1.0780, and below it 1.0700.

A close outside the range on the daily chart matters more than an intraday spike. Whatever the scenario, place stops beyond the range rather than inside it.

*This is market commentary, not investment advice.*`,
      },
      ru: {
        title: 'EUR/USD на неделю: боковик перед заседанием ЕЦБ',
        excerpt: 'Пара уже две недели торгуется между 1,0780 и 1,0920. Наши аналитики ожидают, что диапазон сохранится до решения ЕЦБ в четверг.',
        body: `Уже две недели EUR/USD движется в узком диапазоне: покупатели защищают **1,0780**, продавцы активны у **1,0920**. Волатильность опустилась до минимума с лета.

## Ключевые уровни

| Уровень | Почему он важен |
|---|---|
| 1,0920 | Верхняя граница диапазона, 50-дневная скользящая средняя |
| 1,0850 | Середина диапазона, закрытие прошлой недели |
| 1,0780 | Нижняя граница, октябрьский минимум |

## Сценарии

1. **ЕЦБ осторожно высказывается о снижении ставок**: пробой 1,0920 откроет путь к 1,1000.
2. **ЕЦБ допускает снижение в декабре**: возврат к 1,0780, а ниже — к 1,0700.

Закрытие дня за пределами диапазона важнее, чем внутридневной всплеск. При любом сценарии ставьте стоп-приказы за границами диапазона, а не внутри него.

*Это рыночный комментарий, а не инвестиционная рекомендация.*`,
      },
      ua: {
        title: 'EUR/USD на тиждень: бічний рух перед засіданням ЄЦБ',
        excerpt: 'Пара вже два тижні торгується між 1,0780 і 1,0920. Наші аналітики очікують, що діапазон збережеться до рішення ЄЦБ у четвер.',
        body: `Уже два тижні EUR/USD рухається у вузькому діапазоні: покупці захищають **1,0780**, продавці активні біля **1,0920**. Волатильність опустилася до мінімуму з літа.

## Ключові рівні

| Рівень | Чому він важливий |
|---|---|
| 1,0920 | Верхня межа діапазону, 50-денна ковзна середня |
| 1,0850 | Середина діапазону, закриття минулого тижня |
| 1,0780 | Нижня межа, жовтневий мінімум |

## Сценарії

1. **ЄЦБ обережно висловлюється щодо зниження ставок**: пробиття 1,0920 відкриє шлях до 1,1000.
2. **ЄЦБ допускає зниження в грудні**: повернення до 1,0780, а нижче — до 1,0700.

Закриття дня за межами діапазону важливіше за внутрішньоденний сплеск. За будь-якого сценарію ставте стоп-накази за межами діапазону, а не всередині нього.

*Це ринковий коментар, а не інвестиційна рекомендація.*`,
      },
    },
  },
  {
    slug: 'gold-near-record-central-bank-buying',
    category: 'news',
    cover: 'gold',
    hoursAgo: 46,
    text: {
      en: {
        title: 'Gold holds near its record as central banks keep buying',
        excerpt: 'Official purchases and a softer dollar keep bullion close to its all-time high, even as real yields stay positive.',
        body: `Gold traded within 2% of its all-time high this week. Central banks added to their reserves for the eleventh month in a row, according to the latest industry data, with emerging-market banks the most active buyers.

## Why it matters

Higher real yields usually weigh on gold, which pays no interest. This year the link has weakened: official buying and demand for a hedge against geopolitical risk have outweighed it.

## Trading gold (XAU/USD)

- Gold often moves **$20–30 in minutes** around US data: check the margin requirement before you trade.
- Watch the US dollar: a weaker dollar usually supports gold.
- Trading hours are almost round the clock, but liquidity is thinnest between the US close and the Asian open.`,
      },
      ru: {
        title: 'Золото держится у рекорда: центробанки продолжают покупки',
        excerpt: 'Покупки центробанков и ослабление доллара удерживают золото вблизи исторического максимума, несмотря на положительные реальные ставки.',
        body: `На этой неделе золото торговалось менее чем в 2% от исторического максимума. По последним отраслевым данным, центробанки пополняют резервы одиннадцатый месяц подряд; активнее всех покупают банки развивающихся стран.

## Почему это важно

Рост реальной доходности обычно давит на золото: металл не приносит процентов. В этом году эта связь ослабла — покупки центробанков и спрос на защиту от геополитических рисков оказались сильнее.

## Как торговать золотом (XAU/USD)

- Вокруг данных по США золото нередко проходит **20–30 долларов за несколько минут**: перед сделкой проверьте требования к марже.
- Следите за долларом: его ослабление обычно поддерживает золото.
- Торги идут почти круглосуточно, но меньше всего ликвидности между закрытием США и открытием Азии.`,
      },
      ua: {
        title: 'Золото тримається біля рекорду: центробанки продовжують купівлі',
        excerpt: 'Купівлі центробанків і послаблення долара утримують золото поблизу історичного максимуму, попри додатні реальні ставки.',
        body: `Цього тижня золото торгувалося менш ніж за 2% від історичного максимуму. За останніми галузевими даними, центробанки поповнюють резерви одинадцятий місяць поспіль; найактивніше купують банки країн, що розвиваються.

## Чому це важливо

Зростання реальної дохідності зазвичай тисне на золото: метал не приносить відсотків. Цього року цей зв’язок послабшав — купівлі центробанків і попит на захист від геополітичних ризиків виявилися сильнішими.

## Як торгувати золотом (XAU/USD)

- Навколо даних зі США золото нерідко проходить **20–30 доларів за кілька хвилин**: перед угодою перевірте вимоги до маржі.
- Стежте за доларом: його послаблення зазвичай підтримує золото.
- Торги тривають майже цілодобово, але найменше ліквідності між закриттям США та відкриттям Азії.`,
      },
    },
  },
  {
    slug: 'position-sizing-one-percent-rule',
    category: 'education',
    cover: 'shield',
    hoursAgo: 74,
    text: {
      en: {
        title: 'Position sizing: the 1% rule, step by step',
        excerpt: 'How much to trade is a bigger decision than what to trade. A simple rule keeps one bad trade from becoming a bad month.',
        body: `Most accounts are not lost on one spectacular mistake but on a series of trades that were simply too large. The **1% rule** says: never risk more than 1% of your balance on a single trade.

## The calculation

1. Decide where your stop-loss goes, based on the chart, not on money.
2. Measure the distance to the stop in pips.
3. Position size = (balance × 1%) ÷ (stop distance × pip value).

**Example.** Balance $10,000, so the risk is $100. EUR/USD with a 40-pip stop; one standard lot is worth about $10 a pip. 100 ÷ (40 × 10) = **0.25 lots**.

## Why it works

Ten losing trades in a row, which happens to every strategy, cost about 10% of the account, not all of it. You keep the capital, and the composure, to trade the next setup.

Your personal manager can check your sizing with you: request a consultation on the Services screen.`,
      },
      ru: {
        title: 'Размер позиции: правило 1% шаг за шагом',
        excerpt: 'Сколько торговать — решение важнее, чем чем торговать. Простое правило не даст одной неудачной сделке испортить весь месяц.',
        body: `Большинство счетов теряют не из-за одной громкой ошибки, а из-за серии сделок, которые были просто слишком крупными. **Правило 1%** гласит: не рискуйте в одной сделке больше чем 1% баланса.

## Расчёт

1. Определите уровень стоп-лосса по графику, а не по сумме денег.
2. Измерьте расстояние до стопа в пунктах.
3. Объём позиции = (баланс × 1%) ÷ (расстояние до стопа × стоимость пункта).

**Пример.** Баланс — 10 000 $, значит, риск — 100 $. EUR/USD, стоп — 40 пунктов; пункт стандартного лота стоит около 10 $. 100 ÷ (40 × 10) = **0,25 лота**.

## Почему это работает

Десять убыточных сделок подряд — а такое случается с любой стратегией — обойдутся примерно в 10% счёта, а не во весь счёт. У вас останутся и капитал, и хладнокровие для следующей сделки.

Персональный менеджер поможет проверить ваш расчёт: закажите консультацию на странице «Услуги».`,
      },
      ua: {
        title: 'Розмір позиції: правило 1% крок за кроком',
        excerpt: 'Скільки торгувати — важливіше рішення, ніж чим торгувати. Просте правило не дасть одній невдалій угоді зіпсувати весь місяць.',
        body: `Більшість рахунків втрачають не через одну гучну помилку, а через серію угод, які були просто завеликими. **Правило 1%** каже: не ризикуйте в одній угоді більш ніж 1% балансу.

## Розрахунок

1. Визначте рівень стоп-лосу за графіком, а не за сумою грошей.
2. Виміряйте відстань до стопу в пунктах.
3. Обсяг позиції = (баланс × 1%) ÷ (відстань до стопу × вартість пункту).

**Приклад.** Баланс — 10 000 $, отже, ризик — 100 $. EUR/USD, стоп — 40 пунктів; пункт стандартного лота коштує близько 10 $. 100 ÷ (40 × 10) = **0,25 лота**.

## Чому це працює

Десять збиткових угод поспіль — а таке трапляється з будь-якою стратегією — коштуватимуть приблизно 10% рахунку, а не весь рахунок. У вас залишаться і капітал, і холоднокровність для наступної угоди.

Персональний менеджер допоможе перевірити ваш розрахунок: замовте консультацію на сторінці «Послуги».`,
      },
    },
  },
  {
    slug: 'how-to-read-the-economic-calendar',
    category: 'education',
    cover: 'calendar',
    hoursAgo: 122,
    text: {
      en: {
        title: 'How to read the economic calendar',
        excerpt: 'Actual, forecast, previous: what the three numbers mean, why the surprise matters more than the figure, and how to use importance levels.',
        body: `The economic calendar lists scheduled releases: inflation, employment, central bank decisions. Each line has three numbers.

- **Previous**: the last reading, sometimes revised.
- **Forecast**: the consensus of economists polled before the release.
- **Actual**: the figure published at the release time.

## The surprise is what moves prices

Markets price in the forecast in advance. If US inflation comes in at 3.2% against a forecast of 3.2%, the reaction is usually small, even though 3.2% is high. A reading of 3.5% is a surprise, and that is what moves the dollar.

## Importance levels

- **Three bars**: central bank decisions, inflation, payrolls. Expect wide spreads and fast moves.
- **Two bars**: retail sales, PMIs, sentiment surveys.
- **One bar**: secondary data, rarely market-moving on its own.

In your settings you can choose which currencies and importance levels you follow, and the calendar opens filtered that way, in your own time zone.`,
      },
      ru: {
        title: 'Как читать экономический календарь',
        excerpt: 'Факт, прогноз, предыдущее значение: что означают три числа, почему важнее неожиданность, а не сама цифра, и как пользоваться уровнями важности.',
        body: `Экономический календарь — это расписание публикаций: инфляция, занятость, решения центробанков. В каждой строке три числа.

- **Предыдущее**: прошлое значение, иногда пересмотренное.
- **Прогноз**: консенсус экономистов, опрошенных перед публикацией.
- **Факт**: значение, опубликованное в назначенное время.

## Цены двигает неожиданность

Рынок заранее закладывает прогноз в цену. Если инфляция в США вышла на уровне 3,2% при прогнозе 3,2%, реакция обычно слабая, хотя 3,2% — это много. А 3,5% — уже неожиданность, и именно она двигает доллар.

## Уровни важности

- **Три деления**: решения центробанков, инфляция, занятость в несельскохозяйственном секторе. Ждите широких спредов и резких движений.
- **Два деления**: розничные продажи, индексы PMI, опросы настроений.
- **Одно деление**: второстепенные данные, сами по себе редко двигают рынок.

В настройках можно выбрать валюты и уровни важности, за которыми вы следите, — календарь откроется с этими фильтрами и в вашем часовом поясе.`,
      },
      ua: {
        title: 'Як читати економічний календар',
        excerpt: 'Факт, прогноз, попереднє значення: що означають три числа, чому важливіша несподіванка, а не сама цифра, і як користуватися рівнями важливості.',
        body: `Економічний календар — це розклад публікацій: інфляція, зайнятість, рішення центробанків. У кожному рядку три числа.

- **Попереднє**: минуле значення, іноді переглянуте.
- **Прогноз**: консенсус економістів, опитаних перед публікацією.
- **Факт**: значення, оприлюднене в призначений час.

## Ціни рухає несподіванка

Ринок заздалегідь закладає прогноз у ціну. Якщо інфляція в США вийшла на рівні 3,2% за прогнозу 3,2%, реакція зазвичай слабка, хоча 3,2% — це багато. А 3,5% — уже несподіванка, і саме вона рухає долар.

## Рівні важливості

- **Три поділки**: рішення центробанків, інфляція, зайнятість у несільськогосподарському секторі. Чекайте на широкі спреди й різкі рухи.
- **Дві поділки**: роздрібні продажі, індекси PMI, опитування настроїв.
- **Одна поділка**: другорядні дані, самі по собі рідко рухають ринок.

У налаштуваннях можна вибрати валюти й рівні важливості, за якими ви стежите, — календар відкриється з цими фільтрами та у вашому часовому поясі.`,
      },
    },
  },
  {
    slug: 'oil-steadies-after-opec-extends-cuts',
    category: 'news',
    cover: 'oil',
    hoursAgo: 150,
    text: {
      en: {
        title: 'Oil steadies after OPEC+ extends output cuts',
        excerpt: 'Brent recovered from a three-month low after the group agreed to keep voluntary cuts in place through the first quarter.',
        body: `Brent crude rose 1.8% and WTI 1.6% after OPEC+ producers agreed to extend their voluntary supply cuts through the end of the first quarter. Prices had fallen to a three-month low earlier in the week on worries about demand in China.

## Currencies to watch

Oil prices feed into the currencies of exporters. **USD/CAD** and **USD/NOK** often move against oil: a stronger crude price tends to support the Canadian dollar and the Norwegian krone.

## Next on the calendar

The weekly US crude inventory report comes out on Wednesday. A larger-than-expected build would test the recovery.`,
      },
      ru: {
        title: 'Нефть стабилизировалась после продления сокращений ОПЕК+',
        excerpt: 'Brent отскочила от трёхмесячного минимума после того, как альянс договорился сохранить добровольные сокращения до конца первого квартала.',
        body: `Brent подорожала на 1,8%, WTI — на 1,6% после того, как страны ОПЕК+ договорились продлить добровольное сокращение добычи до конца первого квартала. В начале недели цены опускались до трёхмесячного минимума на опасениях за спрос в Китае.

## За какими валютами следить

Цены на нефть влияют на валюты стран-экспортёров. **USD/CAD** и **USD/NOK** часто движутся противоположно нефти: дорожающая нефть обычно поддерживает канадский доллар и норвежскую крону.

## Что дальше в календаре

В среду выходит еженедельный отчёт о запасах нефти в США. Рост запасов сильнее ожидаемого станет проверкой для отскока.`,
      },
      ua: {
        title: 'Нафта стабілізувалася після продовження скорочень ОПЕК+',
        excerpt: 'Brent відскочила від тримісячного мінімуму після того, як альянс домовився зберегти добровільні скорочення до кінця першого кварталу.',
        body: `Brent подорожчала на 1,8%, WTI — на 1,6% після того, як країни ОПЕК+ домовилися продовжити добровільне скорочення видобутку до кінця першого кварталу. На початку тижня ціни опускалися до тримісячного мінімуму через побоювання щодо попиту в Китаї.

## За якими валютами стежити

Ціни на нафту впливають на валюти країн-експортерів. **USD/CAD** і **USD/NOK** часто рухаються протилежно до нафти: дорожча нафта зазвичай підтримує канадський долар і норвезьку крону.

## Що далі в календарі

У середу виходить щотижневий звіт про запаси нафти в США. Зростання запасів, сильніше за очікуване, стане перевіркою для відскоку.`,
      },
    },
  },
  {
    slug: 'what-leverage-really-means',
    category: 'education',
    cover: 'scales',
    hoursAgo: 220,
    text: {
      en: {
        title: 'What leverage really means for your account',
        excerpt: 'Leverage does not change how much you can lose on a trade; your position size does. Here is how margin, leverage and free margin fit together.',
        body: `Leverage lets you open a position larger than your deposit. With **1:30** leverage, a $1,000 margin controls a $30,000 position.

## Margin and free margin

- **Margin**: the part of your balance set aside to keep a position open.
- **Equity**: balance plus or minus open profit and loss.
- **Free margin**: equity minus margin, what is left for new positions and for losses.

When equity falls to the **margin call** level, you are warned; at the **stop-out** level positions are closed automatically, starting with the largest loss.

## The common misunderstanding

Higher leverage does not make a trade riskier by itself: the same 0.1 lot loses the same amount per pip at 1:30 and at 1:100. What changes is how large a position you *can* open. Size positions by the risk you accept (see the 1% rule), and leverage becomes a convenience, not a danger.`,
      },
      ru: {
        title: 'Что на самом деле значит кредитное плечо',
        excerpt: 'Плечо не меняет того, сколько вы можете потерять в сделке, — это определяет объём позиции. Разбираемся, как связаны маржа, плечо и свободные средства.',
        body: `Кредитное плечо позволяет открыть позицию больше вашего депозита. При плече **1:30** маржа в 1000 $ позволяет управлять позицией на 30 000 $.

## Маржа и свободные средства

- **Маржа**: часть баланса, зарезервированная для поддержания открытой позиции.
- **Средства (эквити)**: баланс плюс или минус текущая прибыль и убыток.
- **Свободная маржа**: средства минус маржа — то, что остаётся для новых позиций и покрытия убытков.

Когда средства опускаются до уровня **маржин-колла**, вы получаете предупреждение; на уровне **стоп-аута** позиции закрываются автоматически, начиная с самой убыточной.

## Частое заблуждение

Высокое плечо само по себе не делает сделку рискованнее: 0,1 лота теряет за пункт одинаково и при 1:30, и при 1:100. Меняется лишь то, насколько крупную позицию вы *можете* открыть. Определяйте объём по допустимому риску (см. правило 1%), и плечо станет удобством, а не угрозой.`,
      },
      ua: {
        title: 'Що насправді означає кредитне плече',
        excerpt: 'Плече не змінює того, скільки ви можете втратити в угоді, — це визначає обсяг позиції. Розбираємося, як пов’язані маржа, плече й вільні кошти.',
        body: `Кредитне плече дає змогу відкрити позицію, більшу за ваш депозит. За плеча **1:30** маржа в 1000 $ дає змогу керувати позицією на 30 000 $.

## Маржа та вільні кошти

- **Маржа**: частина балансу, зарезервована для підтримання відкритої позиції.
- **Кошти (еквіті)**: баланс плюс або мінус поточний прибуток і збиток.
- **Вільна маржа**: кошти мінус маржа — те, що залишається для нових позицій і покриття збитків.

Коли кошти опускаються до рівня **маржин-колу**, ви отримуєте попередження; на рівні **стоп-ауту** позиції закриваються автоматично, починаючи з найзбитковішої.

## Поширена помилка

Високе плече саме по собі не робить угоду ризикованішою: 0,1 лота втрачає за пункт однаково і за 1:30, і за 1:100. Змінюється лише те, наскільки велику позицію ви *можете* відкрити. Визначайте обсяг за допустимим ризиком (див. правило 1%), і плече стане зручністю, а не загрозою.`,
      },
    },
  },
];
