import { SaxesParser, type SaxesTagNS } from 'saxes';

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const UNKNOWN_NS = 'urn:vitrina:unbound-prefix';

/** Elements kept (SVG namespace). Anything else is dropped with everything inside it. */
const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feConvolveMatrix',
  'feDiffuseLighting',
  'feDisplacementMap',
  'feDistantLight',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'fePointLight',
  'feSpecularLighting',
  'feSpotLight',
  'feTile',
  'feTurbulence',
  'image',
  'style',
]);

/** Links become plain groups: their children stay, the link goes (no navigation from an image). */
const AS_GROUP = new Set(['a']);

/** Attributes kept (no namespace), besides `href`/`xlink:href`, `style` and `xml:space` handled apart. */
const ATTRIBUTES = new Set([
  'id',
  'class',
  'lang',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'width',
  'height',
  'd',
  'points',
  'pathLength',
  'transform',
  'viewBox',
  'preserveAspectRatio',
  'version',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'display',
  'visibility',
  'overflow',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'marker-start',
  'marker-mid',
  'marker-end',
  'stop-color',
  'stop-opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'font-stretch',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'writing-mode',
  'direction',
  'unicode-bidi',
  'shape-rendering',
  'text-rendering',
  'image-rendering',
  'color-interpolation',
  'color-interpolation-filters',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'paint-order',
  'vector-effect',
  'mix-blend-mode',
  'isolation',
  'transform-origin',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'offset',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'dx',
  'dy',
  'mode',
  'type',
  'values',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'order',
  'kernelMatrix',
  'divisor',
  'bias',
  'targetX',
  'targetY',
  'edgeMode',
  'kernelUnitLength',
  'preserveAlpha',
  'surfaceScale',
  'diffuseConstant',
  'specularConstant',
  'specularExponent',
  'azimuth',
  'elevation',
  'z',
  'pointsAtX',
  'pointsAtY',
  'pointsAtZ',
  'limitingConeAngle',
  'scale',
  'xChannelSelector',
  'yChannelSelector',
  'radius',
  'baseFrequency',
  'numOctaves',
  'seed',
  'stitchTiles',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'method',
  'spacing',
  'rotate',
  'media',
]);

const MAX_DEPTH = 100;
const MAX_ELEMENTS = 50_000;
const RASTER_DATA_URI = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

export class UnsafeSvgError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsafeSvgError';
  }
}

/**
 * True when a presentation value or CSS text refers to nothing outside the document: every `url(...)` is a
 * fragment (`url(#id)`), no `@import`, no script-ish schemes or IE expressions, no CSS escapes (which could
 * spell any of those).
 */
function isSelfContained(value: string): boolean {
  const v = value.toLowerCase();
  if (
    v.includes('\\') ||
    v.includes('@import') ||
    v.includes('expression(') ||
    v.includes('javascript:') ||
    v.includes('-moz-binding') ||
    v.includes('behavior')
  ) {
    return false;
  }
  const urls = v.matchAll(/url\s*\(\s*(['"]?)([^)'"]*)\1\s*\)/g);
  for (const m of urls) if (!m[2].trim().startsWith('#')) return false;
  // A `url(` the pattern above did not understand is refused too.
  const opened = (v.match(/url\s*\(/g) ?? []).length;
  const understood = [...v.matchAll(/url\s*\(\s*(['"]?)([^)'"]*)\1\s*\)/g)].length;
  return opened === understood;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

interface Frame {
  /** Output name, or undefined when this element is dropped with its subtree. */
  out?: string;
  keepText: boolean;
}

/**
 * Rebuilds an SVG document from an allow-list (spec 2 'Gallery upload': SVGs sanitised): only SVG elements
 * and presentation attributes survive; no scripts, no event handlers (`on*`), no `foreignObject`, no
 * animation (which can rewrite links), links only to fragments of the same document (`#id`), embedded
 * raster images only as data URIs, CSS only when self-contained. Doctypes (entities) are refused.
 * The output is serialised from scratch, so nothing the parser saw but did not understand can pass through.
 * Throws UnsafeSvgError when the input is not a well-formed SVG document.
 */
export function sanitiseSvg(input: string): string {
  // Unbound prefixes (editor attributes without their xmlns) resolve to a namespace we drop; no prefix stays none.
  const parser = new SaxesParser({ xmlns: true, position: false, resolvePrefix: (prefix: string) => (prefix ? UNKNOWN_NS : undefined) });
  const out: string[] = [];
  const stack: Frame[] = [];
  let elements = 0;
  let rootSeen = false;
  let usesXlink = false;
  let failure: Error | undefined;

  parser.on('doctype', () => {
    throw new UnsafeSvgError('SVG documents with a doctype are not accepted');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    elements++;
    if (elements > MAX_ELEMENTS) throw new UnsafeSvgError('The SVG has too many elements');
    if (stack.length >= MAX_DEPTH) throw new UnsafeSvgError('The SVG is nested too deeply');
    const parent = stack[stack.length - 1];
    if (!rootSeen) {
      rootSeen = true;
      if (tag.local !== 'svg' || (tag.uri !== SVG_NS && !!tag.uri)) throw new UnsafeSvgError('The document is not an SVG image');
    }
    const dropped = parent !== undefined && parent.out === undefined;
    // An SVG without xmlns (hand-written) has no namespace: read as SVG.
    const inSvg = tag.uri === SVG_NS || !tag.uri;
    const name = AS_GROUP.has(tag.local) ? 'g' : tag.local;
    if (dropped || !inSvg || !ELEMENTS.has(name)) {
      stack.push({ keepText: false });
      if (tag.isSelfClosing) stack.pop();
      return;
    }
    const attrs: string[] = [];
    if (stack.length === 0) attrs.push(`xmlns="${SVG_NS}"`);
    let imageHref: string | undefined;
    for (const attr of Object.values(tag.attributes)) {
      const value = attr.value;
      if (attr.uri === XMLNS_NS || attr.prefix === 'xmlns' || attr.name === 'xmlns') continue;
      if (attr.local === 'href' && (!attr.uri || attr.uri === XLINK_NS)) {
        if (name === 'image') {
          if (RASTER_DATA_URI.test(value.trim())) imageHref = value.trim().replace(/\s+/g, '');
        } else if (/^#[A-Za-z_][\w.:-]*$/.test(value.trim())) {
          attrs.push(`${attr.uri === XLINK_NS ? 'xlink:href' : 'href'}="${escapeAttr(value.trim())}"`);
          if (attr.uri === XLINK_NS) usesXlink = true;
        }
        continue;
      }
      if (attr.uri === XML_NS) {
        if (attr.local === 'space' && (value === 'preserve' || value === 'default')) attrs.push(`xml:space="${value}"`);
        continue;
      }
      if (attr.uri) continue;
      if (attr.local.toLowerCase().startsWith('on')) continue;
      if (attr.local === 'style') {
        if (isSelfContained(value)) attrs.push(`style="${escapeAttr(value)}"`);
        continue;
      }
      if (!ATTRIBUTES.has(attr.local)) continue;
      if (!isSelfContained(value)) continue;
      attrs.push(`${attr.local}="${escapeAttr(value)}"`);
    }
    if (name === 'image') {
      // An image that would load anything from outside the document is dropped.
      if (!imageHref) {
        stack.push({ keepText: false });
        if (tag.isSelfClosing) stack.pop();
        return;
      }
      attrs.push(`href="${escapeAttr(imageHref)}"`);
    }
    out.push(`<${name}${attrs.length ? ` ${attrs.join(' ')}` : ''}>`);
    stack.push({ out: name, keepText: true });
    if (tag.isSelfClosing) {
      out.push(`</${name}>`);
      stack.pop();
    }
  });
  parser.on('closetag', (tag: SaxesTagNS) => {
    if (tag.isSelfClosing) return;
    const frame = stack.pop();
    if (frame?.out) out.push(`</${frame.out}>`);
  });
  const onText = (text: string) => {
    const frame = stack[stack.length - 1];
    if (!frame?.out || !frame.keepText) return;
    if (frame.out === 'style') {
      if (!isSelfContained(text)) throw new UnsafeSvgError('The SVG style refers to something outside the image');
    }
    out.push(escapeText(text));
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('error', (err: Error) => {
    failure ??= err;
  });
  try {
    parser.write(input).close();
  } catch (err) {
    if (err instanceof UnsafeSvgError) throw err;
    throw new UnsafeSvgError(`The SVG is not well-formed: ${(err as Error).message.slice(0, 200)}`);
  }
  if (failure) throw new UnsafeSvgError(`The SVG is not well-formed: ${failure.message.slice(0, 200)}`);
  if (!rootSeen) throw new UnsafeSvgError('The document is not an SVG image');
  let svg = out.join('');
  if (usesXlink) svg = svg.replace(/^<svg /, `<svg xmlns:xlink="${XLINK_NS}" `);
  return svg;
}
