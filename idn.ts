/**
 * `schemavet/idn`: the IDNA2008 host name check (RFC 5890–5893, on the `idn-hostname` package's
 * Unicode tables, about 180 KB). Importing this entry registers it for every kernel, which is
 * what the `idn-hostname` and `idn-email` formats need (without it a schema asserting them is a
 * `SchemaError` naming this entry) and what `hostname` and `email` use for `xn--` labels (refused
 * without it).
 */
import { isIdnaHostname } from './formats/idna.ts'
import { provideIdna } from './formats/network.ts'

provideIdna(isIdnaHostname)

export { isIdnaHostname }
