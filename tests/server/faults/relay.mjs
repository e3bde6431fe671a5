// A TCP relay: every connection to 127.0.0.1:LISTEN is piped to TARGET (host:port). The fault
// test puts one between a server and PostgreSQL and one between HAProxy and the server; a
// SIGSTOP of the relay cuts the server off (its sockets stay open, nothing passes: as a cable
// pulled out, or a network partition), a SIGCONT joins it again.
// Usage: node relay.mjs LISTEN TARGET_HOST:PORT
import net from "node:net";

const [listen, target] = process.argv.slice(2);
const [host, port] = target.split(":");
const server = net.createServer((client) => {
  const upstream = net.connect({ host, port: Number(port) });
  client.pipe(upstream);
  upstream.pipe(client);
  const end = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on("error", end);
  upstream.on("error", end);
  client.on("close", end);
  upstream.on("close", end);
});
server.listen(Number(listen), "127.0.0.1", () => console.log("relay ready"));
