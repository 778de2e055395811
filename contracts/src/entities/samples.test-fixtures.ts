// Valid bodies for every input schema: the edge tests mutate one field at a time from these.
export const samples = {
  DataProviderInput: { code: 'WAHEALTH', organisation: 'WA Health', contactName: 'Ada Lovelace', email: 'ada@example.org', phone: '+61 8 9222 4222' },
  EventTypeInput: {
    dataProviderId: 1, code: 'HMDS', description: 'Hospital morbidity', isAuthoritative: false, category: 'Hospital Admissions',
    dataSources: [{ dataSourceType: 'DelimitedFile', importFormatId: 1, name: 'Monthly extract', code: 'MONTHLY', settings: [{ name: 'separator', value: ',', isSecret: false }] }],
  },
  ImportFormatInput: { name: 'Hospital', columnType: 3, columns: [{ name: 'rec_id', linkageField: 'sourceUniqueId', index: 1 }] },
  ProjectInput: { code: 'CORE', name: 'Core linkage', description: 'Production linkage', eventTypeMembers: [{ eventTypeId: 1, code: 'HMDS' }] },
  MatchStrategyInput: {
    name: 'DOB block', order: 1, threshold: 10, isActive: true,
    blockingFields: [{ matchProviderFieldName: 'doby', matchEmpty: false }],
    matchingFields: [{ matchProviderFieldName: 'surname', comparisonTypeName: 'JaroWinkler', matchProbability: 0.95, nonMatchProbability: 0.01 }],
  },
  WeightCurveInput: { code: 'JW', name: 'Jaro-Winkler curve', decimalScale: 2, points: [{ distance: 0, weightProportion: 0 }, { distance: 1, weightProportion: 1 }] },
  ExtractionProjectInput: { projectId: 1, code: 'STUDY-2026', description: 'Cancer outcomes study', useEnduringLinkageKeys: false },
  LinkageInput: { projectCode: 'CORE', name: 'Monthly load', linkageSources: [{ eventTypeCode: 'HMDS', dataSourceCode: 'MONTHLY' }] },
  BulkLinkage: { projectCode: 'CORE', name: 'Backfill 2026', envelopes: [{ linkageSources: [{ eventTypeCode: 'HMDS', dataSourceCode: 'MONTHLY' }] }] },
  ExtractionInput: { extractionProjectId: 'E2026110001', projectCode: 'CORE', eventTypeCode: 'HMDS' },
} as const
