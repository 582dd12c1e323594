import { XMLParser } from 'fast-xml-parser';
import { formatOfUrl, open311ErrorReply, splitFormat, xmlDocument, xmlText, XML_ROOT } from './open311-xml';

describe('GeoReport v2 XML', () => {
  it('writes a service list as <services><service>, booleans and empty values as the specification shows', () => {
    const xml = xmlDocument(XML_ROOT.services, [
      { service_code: 'notLit', service_name: '路灯不亮', metadata: true, keywords: '', group: '路灯' },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<services>',
        '  <service>',
        '    <service_code>notLit</service_code>',
        '    <service_name>路灯不亮</service_name>',
        '    <metadata>true</metadata>',
        '    <keywords></keywords>',
        '    <group>路灯</group>',
        '  </service>',
        '</services>',
        '',
      ].join('\n'),
    );
  });

  it('writes requests as <service_requests><request>, a null as an empty element', () => {
    const xml = xmlDocument(XML_ROOT.requests, [{ service_request_id: 'BX1', lat: null, long: 113.2 }]);
    expect(xml).toContain(
      '<service_requests>\n  <request>\n    <service_request_id>BX1</service_request_id>',
    );
    expect(xml).toContain('<lat></lat>');
    expect(xml).toContain('<long>113.2</long>');
  });

  it('nests a definition’s attributes and their values, discovery’s endpoints and formats, errors', () => {
    const def = xmlDocument(XML_ROOT.serviceDefinition, {
      service_code: 'x',
      attributes: [{ code: 'pole', values: [{ key: 'a', name: 'A' }] }],
    });
    expect(def).toMatch(
      /<attributes>\n\s+<attribute>\n\s+<code>pole<\/code>\n\s+<values>\n\s+<value>\n\s+<key>a<\/key>/,
    );
    const disc = xmlDocument(XML_ROOT.discovery, {
      endpoints: [{ formats: ['text/xml', 'application/json'] }],
    });
    expect(disc).toMatch(
      /<endpoints>\n\s+<endpoint>\n\s+<formats>\n\s+<format>text\/xml<\/format>\n\s+<format>application\/json<\/format>/,
    );
    expect(
      xmlDocument(XML_ROOT.errors, [{ code: 404, description: 'service_code: x is not a service' }]),
    ).toContain(
      '<errors>\n  <error>\n    <code>404</code>\n    <description>service_code: x is not a service</description>\n  </error>\n</errors>',
    );
  });

  it('escapes markup and drops characters XML cannot hold, so a citizen’s words cannot break the document', () => {
    expect(xmlText('a<b>&"c\'\u0001')).toBe('a<b>&"c\'');
    const doc = xmlDocument('errors', [{ description: '</errors><x>&"\'\u0001' }]);
    expect(doc).not.toContain('</errors><x>');
    // read back by a parser, the text is the citizen's as written (without the control character)
    const parsed = new XMLParser({ processEntities: true }).parse(doc) as {
      errors: { error: { description: string } };
    };
    expect(parsed.errors.error.description).toBe('</errors><x>&"\'');
  });

  it('reads the format from the resource name', () => {
    expect(splitFormat('services.xml')).toEqual({ name: 'services', format: 'xml' });
    expect(splitFormat('BX20261129.json')).toEqual({ name: 'BX20261129', format: 'json' });
    expect(splitFormat('a.csv')).toBeNull();
    expect(splitFormat('.xml')).toBeNull();
  });

  it('answers an error in the format the resource asked for', () => {
    expect(formatOfUrl('/api/open311/v2/services.xml?jurisdiction_id=x')).toBe('xml');
    expect(formatOfUrl('/api/open311/v2/requests.json?x=a.xml')).toBe('json');
    expect(open311ErrorReply('/api/open311/v2/requests.json', 404, 'x')).toEqual({
      contentType: 'application/json; charset=utf-8',
      body: [{ code: 404, description: 'x' }],
    });
    const xml = open311ErrorReply(
      '/api/open311/v2/requests/BX1.xml',
      404,
      'service_request_id: BX1 not found',
    );
    expect(xml.contentType).toMatch(/^text\/xml/);
    expect(xml.body).toContain('<errors>\n  <error>\n    <code>404</code>');
  });
});
