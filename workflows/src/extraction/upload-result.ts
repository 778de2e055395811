/**
 * Streams a result zip to the results service's internal route as the request body (chunked), so the map is
 * never whole in memory on either side; resolves with the stored Result.
 */
import { request } from 'node:http'
import type { Readable } from 'node:stream'
import type { Result } from '@ligature/contracts'
import { ResultsInternalPaths, type ResultFileQuery } from '@ligature/contracts/internal'
import { PRINCIPAL_HEADER, signPrincipal, systemPrincipal } from '@ligature/service-kit'

export function uploadResult(resultsUrl: string, internalSecret: string, extractionId: number, query: ResultFileQuery, body: Readable): Promise<Result> {
  const url = new URL(ResultsInternalPaths.putResultFile.replace(':id', String(extractionId)), resultsUrl)
  url.search = new URLSearchParams({ name: query.name, sender: query.sender }).toString()
  return new Promise<Result>((resolve, reject) => {
    const req = request(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/zip', [PRINCIPAL_HEADER]: signPrincipal(systemPrincipal('worker'), internalSecret) },
    }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('error', reject)
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8')
        if (res.statusCode !== 201) reject(new Error(`result upload answered ${res.statusCode}: ${text.slice(0, 200)}`))
        else resolve(JSON.parse(text) as Result)
      })
    })
    req.on('error', reject)
    body.on('error', (err) => { req.destroy(err); reject(err) })
    body.pipe(req)
  })
}
