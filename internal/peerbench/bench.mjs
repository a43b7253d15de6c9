// bench.mjs: ElectroDB and DynamoDB Toolbox v2 building (never sending) the
// requests of BENCHMARKS.md's CMS model. See README.md.
//
//   node bench.mjs            run the benchmark, print the table
//   node bench.mjs --show     print each library's request for each operation first
//   node bench.mjs --quick    short run (2,000 warm-up, 20,000 timed, 2 rounds)

import { createRequire } from 'node:module';
import { Entity as EEntity, Service } from 'electrodb';
import {
  Table, Entity as TEntity, item, string, number, set,
  PutItemCommand, UpdateItemCommand, QueryCommand,
  PutTransaction, UpdateTransaction, EntityFormatter,
} from 'dynamodb-toolbox';
import { unmarshall, marshall } from '@aws-sdk/util-dynamodb';

const require = createRequire(import.meta.url);
const ver = (p) => require(`${p}/package.json`).version;

const args = new Set(process.argv.slice(2));
const quick = args.has('--quick');
const WARM = quick ? 2_000 : 20_000;
const ITER = quick ? 20_000 : 200_000;
const ROUNDS = quick ? 2 : 5;
// decode formats a 1,000-item page per iteration: fewer iterations.
const DECODE_WARM = quick ? 20 : 200;
const DECODE_ITER = quick ? 50 : 500;

// ---- values, in variables --------------------------------------------------
let articleId = '01HZX3J5Q8K1V2';
let authorId = 'author-42';
let newStatus = 'published';
let body = 'Single-table design in Go, version 4';
let nextVer = 4;
const article = {
  articleId,
  title: 'Single-table design in Go',
  slug: 'single-table-design-in-go',
  status: 'draft',
  authorId,
  currentVersion: 3,
  tags: ['go', 'dynamodb', 'single-table'],
  createdAt: '2026-11-23T10:00:00Z',
};
// Toolbox requires a JS Set for a set attribute; ElectroDB takes an array.
const tArticleInput = { ...article, tags: new Set(article.tags) };
const TABLE = 'bench';

// ---- ElectroDB --------------------------------------------------------------
// No client: .params() never sends. casing 'none' keeps keys as written.
const eArticle = new EEntity({
  model: { entity: 'Article', version: '1', service: 'cms' },
  attributes: {
    articleId: { type: 'string', required: true },
    title: { type: 'string', required: true },
    slug: { type: 'string' },
    status: { type: ['draft', 'published', 'archived'], default: 'draft' },
    authorId: { type: 'string' },
    currentVersion: { type: 'number' },
    tags: { type: 'set', items: 'string' },
    createdAt: { type: 'string' },
  },
  indexes: {
    primary: {
      pk: { field: 'PK', composite: ['articleId'], template: 'ARTICLE#${articleId}', casing: 'none' },
      sk: { field: 'SK', composite: [], template: '#METADATA', casing: 'none' },
    },
    byAuthor: {
      index: 'GSI1',
      pk: { field: 'GSI1PK', composite: ['authorId'], template: 'AUTHOR#${authorId}', casing: 'none' },
      sk: { field: 'GSI1SK', composite: ['articleId'], template: 'ARTICLE#${articleId}', casing: 'none' },
    },
  },
}, { table: TABLE });

const eVersion = new EEntity({
  model: { entity: 'ArticleVersion', version: '1', service: 'cms' },
  attributes: {
    articleId: { type: 'string', required: true },
    version: { type: 'number', required: true, padding: { length: 10, char: '0' } },
    body: { type: 'string' },
  },
  indexes: {
    primary: {
      pk: { field: 'PK', composite: ['articleId'], template: 'ARTICLE#${articleId}', casing: 'none' },
      sk: { field: 'SK', composite: ['version'], template: 'VERSION#${version}', casing: 'none' },
    },
  },
}, { table: TABLE });

const eService = new Service({ article: eArticle, version: eVersion }, { table: TABLE });

const electro = {
  put: () => eArticle.put({ ...article, articleId, authorId }).params(),
  update: () => eArticle.update({ articleId })
    .set({ status: newStatus })
    .where(({ status }, { eq }) => eq(status, 'draft'))
    .params(),
  // With no sort-key composite given, ElectroDB adds begins_with on the template's prefix "ARTICLE#".
  query: () => eArticle.query.byAuthor({ authorId }).params(),
  transaction: () => eService.transaction.write(({ article, version }) => [
    version.create({ articleId, version: nextVer, body }).commit(),
    article.update({ articleId })
      .set({ currentVersion: nextVer })
      .where(({ currentVersion }, { eq }) => eq(currentVersion, nextVer - 1))
      .commit(),
  ]).params(),
};

// ---- DynamoDB Toolbox v2 ----------------------------------------------------
// No documentClient: .params() never sends.
const tTable = new Table({
  name: TABLE,
  partitionKey: { name: 'PK', type: 'string' },
  sortKey: { name: 'SK', type: 'string' },
  indexes: {
    GSI1: {
      type: 'global',
      partitionKey: { name: 'GSI1PK', type: 'string' },
      sortKey: { name: 'GSI1SK', type: 'string' },
    },
  },
});

const tArticle = new TEntity({
  name: 'Article',
  table: tTable,
  timestamps: false, // the model has its own createdAt; no _ct/_md
  schema: item({
    articleId: string().key(),
    title: string(),
    slug: string().optional(),
    status: string().enum('draft', 'published', 'archived').default('draft'),
    authorId: string().optional(),
    currentVersion: number().optional(),
    tags: set(string()).optional(),
    createdAt: string().optional(),
  }).and((prev) => ({
    GSI1PK: string().optional().hidden()
      .link(({ authorId }) => (authorId === undefined ? undefined : `AUTHOR#${authorId}`)),
    GSI1SK: string().optional().hidden()
      .link(({ authorId, articleId }) => (authorId === undefined ? undefined : `ARTICLE#${articleId}`)),
  })),
  computeKey: ({ articleId }) => ({ PK: `ARTICLE#${articleId}`, SK: '#METADATA' }),
});

const tVersion = new TEntity({
  name: 'ArticleVersion',
  table: tTable,
  timestamps: false,
  schema: item({
    articleId: string().key(),
    version: number().key(),
    body: string().optional(),
  }),
  computeKey: ({ articleId, version }) => ({
    PK: `ARTICLE#${articleId}`,
    SK: `VERSION#${String(version).padStart(10, '0')}`,
  }),
});

const toolbox = {
  put: () => tArticle.build(PutItemCommand).item({ ...tArticleInput, articleId, authorId }).params(),
  update: () => tArticle.build(UpdateItemCommand)
    .item({ articleId, status: newStatus })
    .options({ condition: { attr: 'status', eq: 'draft' } })
    .params(),
  query: () => tTable.build(QueryCommand)
    .entities(tArticle)
    .query({ index: 'GSI1', partition: `AUTHOR#${authorId}`, range: { beginsWith: 'ARTICLE#' } })
    .params(),
  // Toolbox's executeTransactWrite needs a client to send; its internal
  // getCommandInput (not exported) is exactly { TransactItems: txs.map(t => t.params()) }.
  transaction: () => ({
    TransactItems: [
      tVersion.build(PutTransaction)
        .item({ articleId, version: nextVer, body })
        .options({ condition: { attr: 'articleId', exists: false } })
        .params(),
      tArticle.build(UpdateTransaction)
        .item({ articleId, currentVersion: nextVer })
        .options({ condition: { attr: 'currentVersion', eq: nextVer - 1 } })
        .params(),
    ],
  }),
};

// ---- decode: a 1,000-item page, articles and versions mixed -----------------
// Items as the DocumentClient returns them (plain JS values), built by each
// library's own put so that markers and keys are the library's own.
function page(lib) {
  const items = [];
  for (let i = 0; i < 1000; i++) {
    const id = `01HZX3J5Q8K${String(i).padStart(4, '0')}`;
    if (i % 2 === 0) {
      const a = { ...article, articleId: id, tags: ['go', 'dynamodb'], currentVersion: i };
      items.push(lib === 'electro' ? eArticle.put(a).params().Item
        : tArticle.build(PutItemCommand).item({ ...a, tags: new Set(a.tags) }).params().Item);
    } else {
      const v = { articleId: id, version: i, body: `body ${i}` };
      items.push(lib === 'electro' ? eVersion.put(v).params().Item
        : tVersion.build(PutItemCommand).item(v).params().Item);
    }
  }
  // Round-trip through the wire format, so sets are the DocumentClient's Sets.
  return items.map((it) => unmarshall(marshall(it, { convertClassInstanceToMap: true })));
}
const ePage = page('electro');
const tPage = page('toolbox');
const ePageAV = ePage.map((it) => marshall(it));
const tPageAV = tPage.map((it) => marshall(it));

// ElectroDB: entity.parse({Items}) keeps only the items the entity owns, so
// dispatch on its marker first (as the Go benchmark dispatches on __entity).
function eDecode(items) {
  const arts = [], vers = [];
  for (const it of items) (it.__edb_e__ === 'Article' ? arts : vers).push(it);
  return [eArticle.parse({ Items: arts }).data, eVersion.parse({ Items: vers }).data];
}
const tfArticle = tArticle.build(EntityFormatter);
const tfVersion = tVersion.build(EntityFormatter);
function tDecode(items) {
  const arts = [], vers = [];
  for (const it of items) {
    if (it._et === 'Article') arts.push(tfArticle.format(it));
    else vers.push(tfVersion.format(it));
  }
  return [arts, vers];
}
electro.decode = () => eDecode(ePage);
toolbox.decode = () => tDecode(tPage);
electro['decode+unmarshall'] = () => eDecode(ePageAV.map((av) => unmarshall(av)));
toolbox['decode+unmarshall'] = () => tDecode(tPageAV.map((av) => unmarshall(av)));

// ---- show -------------------------------------------------------------------
const replacer = (k, v) => (v instanceof Set ? { $Set: [...v] } : v);
if (args.has('--show')) {
  for (const op of ['put', 'update', 'query', 'transaction']) {
    for (const [name, lib] of [['ElectroDB', electro], ['Toolbox', toolbox]]) {
      console.log(`--- ${op} / ${name}`);
      console.log(JSON.stringify(lib[op](), replacer, 2));
    }
  }
  for (const [name, lib] of [['ElectroDB', electro], ['Toolbox', toolbox]]) {
    const [a, v] = lib.decode();
    console.log(`--- decode / ${name}: ${a.length} articles, ${v.length} versions; first of each:`);
    console.log(JSON.stringify([a[0], v[0]], replacer, 2));
  }
}

// ---- timing -----------------------------------------------------------------
let sink;
function loop(fn, n) {
  let s;
  for (let i = 0; i < n; i++) s = fn();
  sink = s;
}
function time(fn, n) {
  const t0 = process.hrtime.bigint();
  loop(fn, n);
  return Number(process.hrtime.bigint() - t0) / n;
}
const ops = ['put', 'update', 'query', 'transaction', 'decode', 'decode+unmarshall'];
const libs = [['ElectroDB', electro], ['Toolbox', toolbox]];
const results = {}; // results[op][lib] = [ns per op, per round]
for (const op of ops) {
  results[op] = {};
  const isDecode = op.startsWith('decode');
  for (const [name, lib] of libs) {
    results[op][name] = [];
    loop(lib[op], isDecode ? DECODE_WARM : WARM); // warm-up
  }
}
for (let r = 0; r < ROUNDS; r++) {
  // alternate which library goes first
  const order = r % 2 === 0 ? libs : [...libs].reverse();
  for (const op of ops) {
    const isDecode = op.startsWith('decode');
    for (const [name, lib] of order) {
      results[op][name].push(time(lib[op], isDecode ? DECODE_ITER : ITER));
    }
  }
  process.stderr.write(`round ${r + 1}/${ROUNDS} done\n`);
}
if (sink === undefined) throw new Error('sink');

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const fmt = (ns) => (ns >= 1e6 ? `${(ns / 1e6).toFixed(3)} ms` : ns >= 1e4 ? `${(ns / 1e3).toFixed(1)} µs` : `${Math.round(ns)} ns`);

console.log(`node ${process.version}, electrodb ${ver('electrodb')}, dynamodb-toolbox ${ver('dynamodb-toolbox')}, ` +
  `@aws-sdk/util-dynamodb ${ver('@aws-sdk/util-dynamodb')}, ${process.platform}/${process.arch}`);
console.log(`warm-up ${WARM} iterations, ${ITER} timed iterations x ${ROUNDS} rounds ` +
  `(decode: ${DECODE_WARM} / ${DECODE_ITER}, per 1,000-item page); time per op: median [min, max] over rounds`);
console.log('');
console.log('| operation | ElectroDB | Toolbox | Toolbox / ElectroDB |');
console.log('|---|---:|---:|---:|');
for (const op of ops) {
  const e = results[op].ElectroDB, t = results[op].Toolbox;
  const cell = (xs) => `${fmt(median(xs))} [${fmt(Math.min(...xs))}, ${fmt(Math.max(...xs))}]`;
  console.log(`| ${op} | ${cell(e)} | ${cell(t)} | ${(median(t) / median(e)).toFixed(2)}x |`);
}
