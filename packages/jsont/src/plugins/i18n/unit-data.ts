// Unit conversion factors (exact definitions where one exists): each unit's size in its category's base unit, as
// CLDR's unit data writes it: a number, or a product/quotient of numbers and PI ('149597870700*648000/PI').
// Names are CLDR unit names as @phensley/cldr formats them. Temperature is affine and handled apart.

export type Category =
  | 'length'
  | 'area'
  | 'volume'
  | 'mass'
  | 'duration'
  | 'digital'
  | 'frequency'
  | 'angle'
  | 'speed'
  | 'power'
  | 'energy'
  | 'pressure'
  | 'acceleration'
  | 'electric'
  | 'temperature'
  | 'consumption'

const YEAR_S = '31556952' // 365.2425 days
const KIB = 1024

function table(category: Category, rows: Record<string, string | number>): [string, [Category, string]][] {
  return Object.entries(rows).map(([unit, size]) => [unit, [category, String(size)]])
}

/** unit -> [category, size in the category's base unit] */
export const UNITS: ReadonlyMap<string, readonly [Category, string]> = new Map([
  ...table('length', {
    picometer: '1e-12',
    nanometer: '1e-9',
    micrometer: '0.000001',
    millimeter: '0.001',
    centimeter: '0.01',
    decimeter: '0.1',
    meter: 1,
    kilometer: 1000,
    'mile-scandinavian': 10000,
    point: '0.000352777777777777777777777778',
    inch: '0.0254',
    foot: '0.3048',
    yard: '0.9144',
    fathom: '1.8288',
    furlong: '201.168',
    mile: '1609.344',
    'nautical-mile': 1852,
    'astronomical-unit': '149597870700',
    'light-year': '9460730472580800',
    parsec: '149597870700*648000/PI', // CLDR: au*648000/PI
  }),
  ...table('area', {
    'square-centimeter': '0.0001',
    'square-meter': 1,
    hectare: 10000,
    'square-kilometer': 1000000,
    'square-inch': '0.00064516',
    'square-foot': '0.09290304',
    'square-yard': '0.83612736',
    acre: '4046.8564224',
    'square-mile': '2589988.110336',
  }),
  ...table('volume', {
    milliliter: '0.001',
    centiliter: '0.01',
    deciliter: '0.1',
    liter: 1,
    hectoliter: 100,
    megaliter: 1000000,
    'cubic-centimeter': '0.001',
    'cubic-meter': 1000,
    'cubic-kilometer': '1e12',
    'cubic-inch': '0.016387064',
    'cubic-foot': '28.316846592',
    'cubic-yard': '764.554857984',
    'cubic-mile': '4168181825440.579584',
    teaspoon: '0.00492892159375',
    tablespoon: '0.01478676478125',
    'fluid-ounce': '0.0295735295625',
    cup: '0.2365882365',
    pint: '0.473176473',
    quart: '0.946352946',
    gallon: '3.785411784',
    'gallon-imperial': '4.54609',
    'pint-imperial': '0.56826125',
    'fluid-ounce-imperial': '0.0284130625',
  }),
  ...table('mass', {
    microgram: '0.000001',
    milligram: '0.001',
    carat: '0.2',
    gram: 1,
    kilogram: 1000,
    tonne: 1000000,
    grain: '0.06479891',
    ounce: '28.349523125',
    'ounce-troy': '31.1034768',
    pound: '453.59237',
    stone: '6350.29318',
    ton: '907184.74',
  }),
  ...table('duration', {
    nanosecond: '1e-9',
    microsecond: '0.000001',
    millisecond: '0.001',
    second: 1,
    minute: 60,
    hour: 3600,
    day: 86400,
    week: 604800,
    month: '2629746',
    year: YEAR_S,
    decade: '315569520',
    century: '3155695200',
  }),
  ...table('digital', {
    bit: 1,
    kilobit: 1000,
    megabit: 1000000,
    gigabit: 1000000000,
    terabit: '1000000000000',
    byte: 8,
    kilobyte: 8 * KIB,
    megabyte: 8 * KIB ** 2,
    gigabyte: 8 * KIB ** 3,
    terabyte: 8 * KIB ** 4,
    petabyte: String(8 * KIB ** 5),
  }),
  ...table('frequency', { hertz: 1, kilohertz: 1000, megahertz: 1000000, gigahertz: 1000000000 }),
  ...table('angle', {
    'arc-second': '0.000277777777777777777777777778',
    'arc-minute': '0.0166666666666666666666666667',
    degree: 1,
    radian: '180/PI',
    revolution: 360,
  }),
  ...table('speed', {
    'meter-per-second': 1,
    'kilometer-per-hour': '0.277777777777777777777777777778',
    'mile-per-hour': '0.44704',
    knot: '0.514444444444444444444444444444',
  }),
  ...table('power', {
    milliwatt: '0.001',
    watt: 1,
    kilowatt: 1000,
    megawatt: 1000000,
    gigawatt: 1000000000,
    horsepower: '745.69987158227022',
  }),
  ...table('energy', {
    electronvolt: '1.602176634e-19',
    joule: 1,
    kilojoule: 1000,
    calorie: '4.184',
    kilocalorie: '4184',
    foodcalorie: '4184',
    'british-thermal-unit': '1055.05585262',
    'kilowatt-hour': 3600000,
  }),
  ...table('pressure', {
    pascal: 1,
    hectopascal: 100,
    millibar: 100,
    kilopascal: 1000,
    megapascal: 1000000,
    bar: 100000,
    atmosphere: 101325,
    'millimeter-ofhg': '133.322387415',
    'inch-ofhg': '3386.389',
    'pound-force-per-square-inch': '6894.757293168',
  }),
  ...table('acceleration', { 'meter-per-square-second': 1, 'g-force': '9.80665' }),
  ...table('electric', { milliampere: '0.001', ampere: 1 }),
  ...table('temperature', { celsius: 1, fahrenheit: 1, kelvin: 1 }),
  // fuel consumption in litres per kilometre; the miles-per-gallon units are reciprocal (see RECIPROCAL): their
  // size is the constant c in litres-per-kilometre = c / value (a gallon in litres over a mile in kilometres)
  ...table('consumption', {
    'liter-per-kilometer': 1,
    'liter-per-100-kilometer': '0.01',
    'mile-per-gallon': '3.785411784/1.609344',
    'mile-per-gallon-imperial': '4.54609/1.609344',
  }),
])

/** Units measured the other way round (distance per volume): base = size / value, value = size / base. */
export const RECIPROCAL: ReadonlySet<string> = new Set(['mile-per-gallon', 'mile-per-gallon-imperial'])

const DURATION_SMALL = ['nanosecond', 'microsecond', 'millisecond', 'second', 'minute', 'hour', 'day']
const DURATION_LARGE = ['day', 'month', 'year', 'century']
const same = (units: readonly string[]): { metric: readonly string[]; us: readonly string[] } => ({
  metric: units,
  us: units,
})

/** Unit lists for best-fit ("compact") output, smallest first. */
export const COMPACT: Readonly<Record<string, { metric: readonly string[]; us: readonly string[] }>> = {
  length: {
    metric: ['millimeter', 'centimeter', 'meter', 'kilometer'],
    us: ['inch', 'foot', 'yard', 'mile'],
  },
  area: {
    metric: ['square-centimeter', 'square-meter', 'square-kilometer'],
    us: ['square-inch', 'square-foot', 'acre', 'square-mile'],
  },
  volume: {
    metric: ['cubic-centimeter', 'cubic-meter', 'cubic-kilometer'],
    us: ['cubic-inch', 'cubic-foot', 'cubic-yard', 'cubic-mile'],
  },
  liquid: { metric: ['milliliter', 'liter'], us: ['fluid-ounce', 'pint', 'gallon'] },
  mass: { metric: ['gram', 'kilogram', 'tonne'], us: ['ounce', 'pound', 'ton'] },
  temperature: { metric: ['celsius'], us: ['fahrenheit'] },
  speed: { metric: ['kilometer-per-hour'], us: ['mile-per-hour'] },
  duration: same([...DURATION_SMALL, ...DURATION_LARGE.slice(1)]),
  'duration-small': same(DURATION_SMALL),
  'duration-large': same(DURATION_LARGE),
  angle: same(['arc-second', 'arc-minute', 'degree']),
  energy: same(['joule', 'kilojoule']),
  electric: same(['milliampere', 'ampere']),
  bytes: same(['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte']),
  bits: same(['bit', 'kilobit', 'megabit', 'gigabit', 'terabit']),
  frequency: same(['hertz', 'kilohertz', 'megahertz', 'gigahertz']),
  power: same(['milliwatt', 'watt', 'kilowatt', 'megawatt', 'gigawatt']),
  consumption: { metric: ['liter-per-100-kilometer'], us: ['mile-per-gallon'] },
}

/** The compact list used when a category is given no explicit output (digital defaults to bytes). */
export const DEFAULT_COMPACT: Readonly<Partial<Record<Category, string>>> = {
  length: 'length',
  area: 'area',
  volume: 'volume',
  mass: 'mass',
  temperature: 'temperature',
  speed: 'speed',
  duration: 'duration',
  digital: 'bytes',
  frequency: 'frequency',
  power: 'power',
  energy: 'energy',
  electric: 'electric',
  consumption: 'consumption',
}

/** One step of a factor formula: multiply or divide by a number. */
export type FactorTerm = readonly [op: '*' | '/', n: number]

const termCache = new Map<string, readonly FactorTerm[]>()

/** A factor formula ('1609.344', '180/PI', '149597870700*648000/PI') as its steps, left to right. */
export function factorTerms(factor: string): readonly FactorTerm[] {
  let terms = termCache.get(factor)
  if (terms === undefined) {
    const parsed: FactorTerm[] = []
    let op: '*' | '/' = '*'
    for (const token of factor.split(/([*/])/)) {
      if (token === '*' || token === '/') op = token
      else parsed.push([op, token === 'PI' ? Math.PI : Number(token)])
    }
    terms = parsed
    termCache.set(factor, terms)
  }
  return terms
}

/** The factor's value as one number. */
export function factorValue(factor: string): number {
  let v = 1
  for (const [op, n] of factorTerms(factor)) v = op === '*' ? v * n : v / n
  return v
}

/** The unit whose size is 1 in its category (assumed when a template gives no `in:`). */
export function baseUnit(category: Category): string | undefined {
  for (const [unit, [c, size]] of UNITS) if (c === category && size === '1') return unit
  return undefined
}

/** Irregular and plural spellings accepted in templates. */
const ALIASES: Readonly<Record<string, string>> = {
  feet: 'foot',
  inches: 'inch',
  centuries: 'century',
  'metric-ton': 'tonne',
  'metric-tons': 'tonne',
  radians: 'radian',
  'meter-per-second-squared': 'meter-per-square-second',
  amp: 'ampere',
  amps: 'ampere',
  milliamp: 'milliampere',
  milliamps: 'milliampere',
  'liters-per-kilometer': 'liter-per-kilometer',
  'liter-per-100-kilometers': 'liter-per-100-kilometer',
  'liter-per-100kilometer': 'liter-per-100-kilometer',
  'liter-per-100kilometers': 'liter-per-100-kilometer',
  'liters-per-100-kilometers': 'liter-per-100-kilometer',
  'liters-per-100kilometers': 'liter-per-100-kilometer',
  'miles-per-gallon': 'mile-per-gallon',
  'miles-per-gallon-imperial': 'mile-per-gallon-imperial',
}

/** Canonical unit name, or undefined when unknown. */
export function unitName(raw: string): string | undefined {
  const name = raw.trim().toLowerCase()
  if (UNITS.has(name)) return name
  const alias = ALIASES[name]
  if (alias) return alias
  if (name.endsWith('s') && UNITS.has(name.slice(0, -1))) return name.slice(0, -1)
  return undefined
}
