// bench (a)'s floor: the least a Node.js HTTP proxy can do in front of the account service — node:http server
// and keep-alive client, headers copied, the identity header added, bodies piped — with none of the gateway's
// work (no Express, session lookup, logging, security headers, route table). Run as its own process (the
// gateway is one): `node floor-proxy.mjs <service url> <port> <identity header> <token>`; it says `ready` over IPC.
import http from 'node:http';

const [target, port, identityHeader, token] = process.argv.slice(2);
const url = new URL(target);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

http
  .createServer((req, res) => {
    const headers = { ...req.headers, host: url.host, [identityHeader]: token };
    delete headers.connection;
    const upstream = http.request({ hostname: url.hostname, port: url.port, method: req.method, path: req.url, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  })
  .listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
