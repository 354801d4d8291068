import type { KeywordDefinition } from '../../core/index.ts'
import { anchorKeyword } from './anchor.ts'
import { commentKeyword } from './comment.ts'
import { idDraft04Keyword } from './draft-04/id.ts'
import { dynamicAnchorKeyword } from './dynamicAnchor.ts'
import { idKeyword } from './id.ts'
import { schemaKeyword } from './schema.ts'
import { vocabularyKeyword } from './vocabulary.ts'
import { definitionsKeyword, defsKeyword } from './defs.ts'
import { dynamicRefKeyword } from './dynamicRef.ts'
import { recursiveAnchorKeyword, recursiveRefKeyword } from './recursiveRef.ts'
import { refKeyword } from './ref.ts'

export { recursiveAnchorKeyword, recursiveRefKeyword }
export { anchorKeyword, commentKeyword, idDraft04Keyword, definitionsKeyword, defsKeyword, dynamicAnchorKeyword, dynamicRefKeyword, idKeyword, refKeyword, schemaKeyword, vocabularyKeyword }

/** Core identifiers and containers: annotations at run time. */
export const coreIdentifiers: readonly KeywordDefinition[] = [idKeyword, idDraft04Keyword, schemaKeyword, anchorKeyword, dynamicAnchorKeyword, vocabularyKeyword, commentKeyword, defsKeyword, definitionsKeyword, recursiveAnchorKeyword]

/** References, applied in place after the child applicators (the order `applyDefaults` follows). */
export const coreReferences: readonly KeywordDefinition[] = [refKeyword, dynamicRefKeyword, recursiveRefKeyword]
