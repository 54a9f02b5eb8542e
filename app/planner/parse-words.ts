// Words that are never city names in a tour request, and the context patterns the city reader uses.
import { GENRES, VENUE_TYPES } from '../core/domain'

export const STOP_WORDS = new Set(
  (
    'i we our us my me you your they the a an and or but so then also plus via through to from in into at on of for with by as ' +
    'plan planning book booking tour touring tours run next this that these those please make add drop remove start starting ' +
    'end ending finish finishing budget need needs want wants let lets can could would will should hi hey hello thanks thank show shows ' +
    'venue venues night nights day days week weeks weekend weekends people guests crew band drive driving fly flying bus ' +
    'train car van plane around about under over max maximum no not any some each per total only mid early late ' +
    'january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec ' +
    'monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays ' +
    'today tomorrow tonight usd dollars first last cities city looking look ideally maybe prefer cap capacity room rooms ' +
    'ppl dates date gigs gig stops stop order exact between somewhere heading head home based live out back up down ' +
    'hometown cheap cheaper small large coast region state states ' +
    'sprinter duo trio quartet quintet piece dj mc pa ok okay yes yeah sure cool awesome thx ty lol need also want ' +
    'monthly year years month months fortnight short quick few several couple dozen play playing hit hitting routing route'
  ).split(' '),
)
for (const w of [...GENRES, ...VENUE_TYPES]) STOP_WORDS.add(w)
for (const w of ['comedy', 'comedian', 'indie', 'punk', 'acoustic', 'showcase', 'wedding', 'concert', 'festival', 'club', 'clubs', 'bars'])
  STOP_WORDS.add(w)

/** Common English words that are also the names of big cities; never read as a city unless capitalised. */
export const LOWERCASE_NEVER = new Set([
  'mobile',
  'surprise',
  'buffalo',
  'orange',
  'independence',
  'reading',
  'mesa',
  'aurora',
  'irvine',
  'columbia',
  'enterprise',
  'paradise',
  'spring',
  'garden',
  'lakewood',
  'normal',
  'victoria',
  'pasadena',
])

/** Text right before a lowercase phrase that makes it a city slot ('from austin to denver', ', boise'). */
export const SLOT_BEFORE =
  /(?:^|\b(?:from|to|in|and|then|via|through|visit|visiting|hit|hitting|play|playing|plus|add|include|at|out of|based in|near)|,|&|->|→|=>|>|:|\()\s*$/i

/** A list around a capitalised word that names no place: 'Chicago, Gotham and Detroit'. */
export const LIST_BEFORE = /(?:^|,|;|\b(?:and|then|to|from|in|via|through)|&|->|→|=>|>|:)\s*$/i
export const LIST_AFTER = /^\s*(?:,|;|\band\b|&|->|→|=>|>|\bthen\b|\.|$|\(|!|\?|\s-\s)/i

/** Roles written before a city. */
export const ROLE_BEFORE: [RegExp, 'start' | 'end' | 'to' | 'via' | 'home' | 'loop'][] = [
  [/\bstart(?:ing)?\s+and\s+end(?:ing)?\s+(?:(?:up|back)\s+)?(?:in|at)\s*$|\b(?:a\s+)?loop\s+(?:from|out of|starting in)\s*$/i, 'loop'],
  [
    /\b(?:based|located)\s+(?:in|out of)\s*$|\bhome\s*(?:base|town)?\s*(?:is|:)?\s*(?:in\s*)?$|\b(?:we|i)\s+live\s+in\s*$|\bout of\s*$|\bhometown\s*(?:is|of)?\s*$/i,
    'home',
  ],
  [
    /\b(?:from|start(?:ing)?(?:\s+(?:in|at|from|off in))?|begin(?:ning)?\s+(?:in|at)|kick(?:ing)?\s+off\s+in|open(?:ing)?\s+in)\s*$/i,
    'start',
  ],
  [
    /\b(?:end(?:ing)?|finish(?:ing)?|wrap(?:ping)?\s+up|clos(?:e|ing))\s+(?:(?:back|up)\s+)?(?:in|at)\s*$|\blast\s+stop\s*(?:is|:)?\s*(?:in\s*)?$/i,
    'end',
  ],
  [/(?:\bto|->|→|=>|>)\s*$/i, 'to'],
  [/\b(?:via|through|by way of|passing through|with (?:a )?stops? (?:in|at)|stops? (?:in|at)|stopping (?:off )?(?:in|at))\s*$/i, 'via'],
]

/** Roles written after a city: 'Salt Lake City first', 'Denver last', 'Nashville band'. */
export const ROLE_AFTER: [RegExp, 'start' | 'end' | 'home'][] = [
  [/^\s*(?:first|to start|to open)\b/i, 'start'],
  [/^\s*(?:last|to close|to finish)\b/i, 'end'],
  [/^\s*(?:-|\s)?(?:based|band|act|duo|trio|quartet|group|artist)\b/i, 'home'],
]

// Words about the order of the cities as one grammar, not a list of phrases (docs/planner.md,
// 'Order'). The words that leave the order free are read first, so 'not necessarily in this
// order' is never a kept order.
const ORDER_NOUN = String.raw`(?:order|sequence)`
const ORDER_DET = String.raw`(?:this|that|the|my|our|same|given|listed|written|exact|original|stated|above|following|below|above-mentioned)`
const AS_WRITTEN = String.raw`(?:listed|written|given|shown|typed|ordered|laid\s+out|sequenced|above)(?:\s+(?:above|below|here|in\s+the\s+(?:email|message|list)))?`
const KEEP_VERB = String.raw`(?:in|keep(?:ing)?|kept|stick(?:ing)?\s+(?:to|with)|follow(?:ing)?|respect(?:ing)?|use|using|hold(?:ing)?|preserv(?:e|ing)|maintain(?:ing)?|go(?:ing)?\s+in|play(?:ing)?\s+(?:them|these|those|it|the\s+cities)\s+in|rout(?:e|ing)\s+(?:them|it|the\s+cities)\s+in)`
const REORDER = String.raw`(?:re-?order(?:ing|ed)?|re-?arrang(?:e|ing|ed)|re-?shuffl(?:e|ing|ed)|shuffl(?:e|ing|ed)|mix(?:ing)?\s+(?:it|them|the\s+order)\s+up|chang(?:e|ing)\s+the\s+order|switch(?:ing)?\s+(?:them|the\s+order)\s+around|swap(?:ping)?\s+(?:them|the\s+order)\s+around)`

/** The order is left to the planner: 'any order is fine', 'order doesn't matter', 'not necessarily in this order'. */
export const FREE_ORDER_WORDS = new RegExp(
  [
    String.raw`\b(?:in\s+)?(?:any|whatever|whichever|no\s+particular|the\s+best|an?\s+(?:sensible|efficient|smart|better))\s+${ORDER_NOUN}(?:\s+(?:is\s+)?(?:fine|ok(?:ay)?|works?|you\s+like|makes\s+sense))?`,
    String.raw`\b${ORDER_NOUN}\s+(?:doesn'?t|does\s+not|don'?t|is\s+not|isn'?t)\s+(?:matter|important|fixed|set)`,
    String.raw`\b${ORDER_NOUN}\s+(?:is\s+)?(?:flexible|up\s+to\s+you|open|negotiable)`,
    String.raw`\bnot\s+(?:necessarily\s+)?(?:in\s+)?(?:${ORDER_DET}\s+){0,3}${ORDER_NOUN}`,
    String.raw`\b(?:doesn'?t|does\s+not|don'?t|do\s+not|needn'?t)\s+(?:have|need)\s+to\s+(?:be\s+|keep\s+|stay\s+|go\s+)?(?:in\s+)?(?:${ORDER_DET}\s+){0,3}${ORDER_NOUN}`,
    String.raw`\b(?:feel\s+free\s+to\s+|you\s+(?:can|may)\s+|ok(?:ay)?\s+to\s+)${REORDER}`,
    String.raw`\b${REORDER}\s+(?:is\s+)?(?:fine|ok(?:ay)?|allowed)`,
  ].join('|'),
  'gi',
)

/** The order of the cities as written is wanted. */
export const ORDER_WORDS = new RegExp(
  [
    String.raw`\b(?:the\s+)?same\s+${ORDER_NOUN}(?:\s+as\s+(?:${AS_WRITTEN}|(?:the|my|our|in\s+the)\s+(?:email|message|list|note)))?`,
    String.raw`\b${KEEP_VERB}\s+(?:${ORDER_DET}\s+){0,3}${ORDER_NOUN}(?:\s+(?:${AS_WRITTEN}|as\s+${AS_WRITTEN}))?(?!\s+to\b)`,
    String.raw`\b(?:the\s+)?${ORDER_NOUN}\s+(?:as\s+${AS_WRITTEN}|(?:is\s+)?(?:fixed|locked|set\s+in\s+stone|important)|matters|counts)`,
    String.raw`\b(?:fixed|locked|exact|strict)\s+${ORDER_NOUN}`,
    String.raw`\b(?:(?:route|play|book|do|run|hit|take|keep)\s+(?:it\s+|them\s+|these\s+|those\s+|the\s+(?:cities|dates|stops)\s+)?)?as\s+${AS_WRITTEN}`,
    String.raw`\b(?:please\s+)?(?:don'?t|do\s+not|no|never|without|can'?t|cannot)\s+${REORDER}(?:\s+(?:the\s+)?(?:cities|dates|stops|them|it))?`,
  ].join('|'),
  'gi',
)

/** 'in order to save gas': no constraint, and no word left unread. */
export const IN_ORDER_TO = /\bin\s+order\s+to\b/gi

/** The tour ends where it began: at home, or back in the first city. */
export const RETURN_WORDS =
  /\b(?:(?:then|and)\s+)?(?:come\s+|coming\s+|head(?:ing)?\s+|get(?:ting)?\s+|drive\s+|fly\s+|go(?:ing)?\s+)?back\s+home\b|\breturn(?:ing)?\s+home\b|\bloop(?:ing)?\s+back\b|\bround[- ]trip\b|\bback\s+to\s+(?:the\s+start|where\s+we\s+start(?:ed)?|base)\b|\bend(?:ing)?\s+(?:back\s+)?(?:at\s+)?home\b|\bhome\s+at\s+the\s+end\b/i

/** 'down the east coast' is southward, 'up the coast' northward. */
export function headingOf(text: string): 'north' | 'south' | null {
  if (/\b(?:down|south(?:bound)?\s+(?:along|on))\s+the\s+(?:\w+\s+)?coast\b|\bheading\s+south\b|\bsouthbound\b/i.test(text)) return 'south'
  if (/\bup\s+the\s+(?:\w+\s+)?coast\b|\bheading\s+north\b|\bnorthbound\b/i.test(text)) return 'north'
  return null
}
