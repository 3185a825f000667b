import { DEMO, DEMO_ITEMS, demoCatalogueId, demoCategoryId } from '@vitrina/contracts';

/**
 * The demo world's catalogue part (docs/architecture.md §2): names, prices and photos of DEMO_ITEMS (same order),
 * categories and the owners' custom catalogues. Prices are MXN; every 4th product has a crossout price.
 */
export interface DemoItemDetail {
  name: string;
  tags: string[];
  /** Price in pesos (0 = free). */
  price: number;
  categories: number[];
  free?: boolean;
  soldOut?: boolean;
  /** Days from now for experiences (negative: already concluded). */
  inDays?: number;
  unpublished?: boolean;
  hidden?: boolean;
  variants?: Record<string, string>;
}

export const DEMO_CATEGORIES = [
  'Artesanías',
  'Textiles',
  'Joyería',
  'Decoración',
  'Café y bebidas',
  'Cocina',
  'Cursos y talleres',
  'Viajes y experiencias',
].map((name, i) => ({ id: demoCategoryId(i + 1), name, position: i + 1 }));

const d = (name: string, price: number, categories: number[], tags: string[], extra: Partial<DemoItemDetail> = {}): DemoItemDetail => ({
  name,
  price,
  categories,
  tags,
  ...extra,
});

/** One entry per DEMO_ITEMS ref, in order. */
export const DEMO_ITEM_DETAILS: DemoItemDetail[] = [
  // Artesanías del Sol: products (1-24)
  d('Jarrón de barro negro', 850, [1, 4], ['barro', 'oaxaca', 'decoracion']),
  d('Alebrije jaguar pintado a mano', 1290, [1, 4], ['alebrije', 'madera', 'oaxaca'], { variants: { Tamaño: 'Mediano' } }),
  d('Rebozo de seda tejido', 2400, [2], ['rebozo', 'seda', 'textil'], { variants: { Color: 'Rojo carmín' } }),
  d('Cesta de palma natural', 320, [1, 4], ['palma', 'cesta', 'cocina']),
  d('Taza de talavera azul', 260, [1, 6], ['talavera', 'taza', 'puebla']),
  d('Plato decorativo de talavera', 540, [1, 4], ['talavera', 'plato', 'puebla']),
  d('Huipil bordado de Oaxaca', 1850, [2], ['huipil', 'bordado', 'oaxaca'], { variants: { Talla: 'M' } }),
  d('Sombrero de palma fina', 690, [2], ['sombrero', 'palma']),
  d('Collar de chaquira huichol', 480, [3], ['chaquira', 'huichol', 'collar']),
  d('Aretes de filigrana de plata', 980, [3], ['plata', 'filigrana', 'aretes']),
  d('Bolsa de piel repujada', 1450, [2], ['piel', 'bolsa']),
  d('Molcajete de piedra volcánica', 620, [6], ['molcajete', 'cocina', 'piedra']),
  d('Vela aromática de copal', 180, [4], ['vela', 'copal', 'aroma']),
  d('Tapete de lana de Teotitlán', 3200, [2, 4], ['tapete', 'lana', 'oaxaca']),
  d('Máscara de madera tallada', 1100, [1, 4], ['mascara', 'madera']),
  d('Figura de cartonería catrina', 750, [1, 4], ['catrina', 'carton', 'dia de muertos']),
  d('Juego de vasos de vidrio soplado', 560, [6], ['vidrio', 'vasos']),
  d('Cojín bordado otomí', 430, [2, 4], ['otomi', 'bordado', 'cojin']),
  d('Caja de olinalá laqueada', 890, [1, 4], ['olinala', 'laca', 'caja']),
  d('Pulsera de la amistad', 0, [3], ['pulsera', 'regalo'], { free: true }),
  d('Espejo de hojalata', 720, [4], ['hojalata', 'espejo'], { unpublished: true }),
  d('Lámpara de papel picado', 390, [4], ['papel picado', 'lampara'], { hidden: true }),
  d('Portavasos de palma', 150, [1, 6], ['palma', 'portavasos'], { soldOut: true }),
  d('Muñeca artesanal Lele', 350, [1, 2], ['muneca', 'queretaro']),
  // services (25-28)
  d('Taller de barro a domicilio', 1500, [7], ['taller', 'barro']),
  d('Restauración de piezas de talavera', 900, [1], ['restauracion', 'talavera']),
  d('Bordado personalizado', 650, [2], ['bordado', 'personalizado']),
  d('Asesoría de decoración artesanal', 1200, [4], ['decoracion', 'asesoria']),
  // experiences (29-33)
  d('Visita a talleres de Oaxaca', 2800, [8], ['oaxaca', 'viaje', 'talleres'], { inDays: 30 }),
  d('Clase de alebrijes en Arrazola', 1600, [7, 8], ['alebrije', 'clase'], { inDays: 45 }),
  d('Ruta del mezcal artesanal', 3500, [8], ['mezcal', 'ruta'], { inDays: 60 }),
  d('Noche de velas en Tlaquepaque', 950, [8], ['velas', 'tlaquepaque'], { inDays: -20 }),
  d('Taller de telar de cintura', 1300, [7], ['telar', 'textil'], { inDays: 15 }),
  // digital (34-37)
  d('Guía digital de artesanías mexicanas', 199, [1, 7], ['guia', 'pdf']),
  d('Patrones de bordado otomí', 149, [2, 7], ['patrones', 'bordado', 'descargable']),
  d('Curso en video de pintura de alebrijes', 499, [7], ['curso', 'video', 'alebrije']),
  d('Catálogo de diseños de talavera', 0, [1], ['catalogo', 'talavera'], { free: true }),
  // Café de Altura: products (38-55)
  d('Café de Chiapas tostado 500 g', 240, [5], ['cafe', 'chiapas', 'grano']),
  d('Café de Veracruz molido 250 g', 150, [5], ['cafe', 'veracruz', 'molido']),
  d('Café de Oaxaca Pluma 1 kg', 460, [5], ['cafe', 'oaxaca', 'pluma']),
  d('Cafetera de prensa francesa', 520, [5, 6], ['cafetera', 'prensa']),
  d('Molino de café manual', 780, [5, 6], ['molino', 'cafe']),
  d('Taza de cerámica para espresso', 140, [5, 6], ['taza', 'espresso']),
  d('Cold brew listo para servir', 95, [5], ['cold brew', 'cafe', 'frio']),
  d('Cápsulas compatibles de espresso (10)', 120, [5], ['capsulas', 'espresso']),
  d('Chocolate de mesa oaxaqueño', 110, [5, 6], ['chocolate', 'oaxaca']),
  d('Miel de abeja melipona', 260, [6], ['miel', 'melipona']),
  d('Granola con café', 130, [6], ['granola', 'cafe']),
  d('Filtros de papel para café (100)', 70, [5], ['filtros', 'cafe']),
  d('Termo de acero para café', 390, [5], ['termo', 'acero']),
  d('Café descafeinado natural 250 g', 170, [5], ['cafe', 'descafeinado']),
  d('Kit barista casero', 1650, [5, 6], ['kit', 'barista']),
  d('Canasta de regalo cafetera', 990, [5], ['regalo', 'canasta', 'cafe']),
  d('Muestra gratis de café de altura', 0, [5], ['muestra', 'cafe'], { free: true }),
  d('Jarabe de vainilla para café', 90, [5], ['jarabe', 'vainilla']),
  // services (56-58)
  d('Cata de café a domicilio', 1100, [5, 7], ['cata', 'cafe']),
  d('Mantenimiento de cafeteras', 600, [5], ['mantenimiento', 'cafetera']),
  d('Asesoría para cafeterías', 2500, [5], ['asesoria', 'cafeteria']),
  // experiences (59-61)
  d('Tour por fincas cafetaleras de Chiapas', 4200, [5, 8], ['tour', 'finca', 'chiapas'], { inDays: 40 }),
  d('Curso de barismo de fin de semana', 2100, [5, 7], ['curso', 'barista'], { inDays: 10 }),
  d('Cata de cafés de especialidad', 800, [5, 8], ['cata', 'especialidad'], { inDays: 25 }),
  // digital (62-64)
  d('Guía de métodos de extracción', 99, [5, 7], ['guia', 'extraccion', 'pdf']),
  d('Curso en línea de latte art', 350, [5, 7], ['curso', 'latte art', 'video']),
  d('Recetario de bebidas con café', 0, [5], ['recetario', 'bebidas'], { free: true }),
];

if (DEMO_ITEM_DETAILS.length !== DEMO_ITEMS.length) {
  throw new Error(`demo fixture: ${DEMO_ITEM_DETAILS.length} details for ${DEMO_ITEMS.length} items`);
}

export const DEMO_SUPPLIERS = [
  { id: DEMO.users.supplierA.id, name: DEMO.users.supplierA.name },
  { id: DEMO.users.supplierB.id, name: DEMO.users.supplierB.name },
];

const ids = (...n: number[]) => n.map((i) => DEMO_ITEMS[i - 1].id);

/** Custom catalogues of the demo owners (weights decide the storefront order). */
export const DEMO_CATALOGUES = [
  {
    id: demoCatalogueId(1),
    owner: DEMO.users.demoOwner.id,
    name: 'Lo más vendido',
    weight: 40,
    items: ids(1, 2, 3, 38, 40, 41, 52, 7, 14),
  },
  {
    id: demoCatalogueId(2),
    owner: DEMO.users.demoOwner.id,
    name: 'Regalos artesanales',
    weight: 30,
    items: ids(4, 5, 9, 10, 13, 16, 19, 24, 53),
  },
  {
    id: demoCatalogueId(3),
    owner: DEMO.users.demoOwner.id,
    name: 'Para los amantes del café',
    weight: 20,
    items: ids(38, 39, 40, 42, 43, 44, 49, 51, 56, 60),
  },
  { id: demoCatalogueId(4), owner: DEMO.users.demoOwner.id, name: 'Experiencias únicas', weight: 10, items: ids(29, 30, 31, 32, 59, 61) },
  {
    id: demoCatalogueId(5),
    owner: DEMO.users.demoOwner.id,
    name: 'Selección especial de temporada con piezas únicas de artesanos de Oaxaca, Puebla, Chiapas y Michoacán para regalar',
    weight: 5,
    items: ids(1, 6, 11, 15, 18),
  },
  { id: demoCatalogueId(6), owner: DEMO.users.reseller.id, name: 'Favoritos de Rita', weight: 10, items: ids(2, 5, 38, 41) },
  { id: demoCatalogueId(7), owner: DEMO.users.supplierA.id, name: 'Colección Oaxaca', weight: 10, items: ids(1, 2, 7, 14, 29) },
  { id: demoCatalogueId(8), owner: DEMO.users.otherOwner.id, name: 'Café para empezar el día', weight: 10, items: ids(38, 39, 44, 49) },
];
