// @ts-check
// The router: every hash the client is opened with names the screen it did before the split
// (app.js's route()), and format() gives back a hash that parses to the same place.
import assert from "node:assert/strict";
import { test } from "node:test";
import { client } from "./_paths.js";

const { parse, format, sameRoute } = await import(client("router.js"));

test("each hash opens its screen with its params", () => {
  assert.deepEqual(parse("#computer"), { screen: "table", params: { mode: "computer" } });
  assert.deepEqual(parse("hotseat"), { screen: "table", params: { mode: "hotseat" } });
  assert.deepEqual(parse("#room=abc123"), { screen: "table", params: { mode: "online", room: "abc123" } });
  assert.deepEqual(parse("#watch=t9"), { screen: "table", params: { mode: "watch", room: "t9" } });
  assert.deepEqual(parse("#join=g1.s3cr.et"), { screen: "lobby", params: { join: "g1", invite: "s3cr.et" } });
  assert.deepEqual(parse("#online"), { screen: "lobby", params: {} });
  for (const screen of ["hall", "tutorial", "rules", "tips", "home"]) assert.deepEqual(parse(`#${screen}`), { screen, params: {} });
});

test("a percent-encoded hash is read decoded", () => {
  assert.deepEqual(parse("#join%3Dg1.abc"), { screen: "lobby", params: { join: "g1", invite: "abc" } });
});

test("no route: empty, unknown, broken escapes and Telegram's launch parameters", () => {
  for (const hash of ["", "#", "#nowhere", "#room=", "#join=noinvite", "#%E0%A4%A", "#tgWebAppData=x&tgWebAppVersion=7"]) {
    assert.equal(parse(hash), null, hash);
  }
});

test("format is parse's inverse for every screen", () => {
  for (const hash of ["#computer", "#hotseat", "#room=r1", "#watch=w1", "#online", "#hall", "#tutorial", "#rules", "#tips"]) {
    assert.equal(format(parse(hash)), hash);
  }
  assert.equal(format({ screen: "home", params: {} }), "", "home is the bare address");
  // an invite is spent once joined: its route is shown as the lobby's
  assert.equal(format(parse("#join=g.i")), "#online");
});

test("sameRoute compares places, not objects", () => {
  assert.ok(sameRoute(parse("#room=a"), { screen: "table", params: { mode: "online", room: "a" } }));
  assert.ok(!sameRoute(parse("#room=a"), parse("#room=b")));
  assert.ok(!sameRoute(parse("#computer"), parse("#hotseat")));
  assert.ok(!sameRoute(null, parse("#hall")));
});

test("a profile (one's own or anyone's) and a past game have their own addresses", () => {
  assert.deepEqual(parse("#profile"), { screen: "profile", params: {} });
  assert.deepEqual(parse("#profile=p1_x"), { screen: "profile", params: { id: "p1_x" } });
  assert.deepEqual(parse("#game=K3y-9"), { screen: "past", params: { key: "K3y-9" } });
  for (const hash of ["#profile", "#profile=p1_x", "#game=K3y-9"]) assert.equal(format(parse(hash)), hash);
  assert.ok(!sameRoute(parse("#game=a"), parse("#game=b")));
  assert.ok(!sameRoute(parse("#profile"), parse("#profile=a")));
});

test("a leaderboard has its own address: its game type and its period", () => {
  assert.deepEqual(parse("#leaders"), { screen: "leaders", params: {} });
  assert.deepEqual(parse("#leaders=block"), { screen: "leaders", params: { rating: "block", period: "all" } });
  assert.deepEqual(parse("#leaders=101.week"), { screen: "leaders", params: { rating: "101", period: "week" } });
  for (const hash of ["#leaders", "#leaders=block", "#leaders=kozel.week"]) assert.equal(format(parse(hash)), hash);
  assert.equal(format(parse("#leaders=draw.all")), "#leaders=draw", "all time is the board's default");
  for (const hash of ["#leaders=", "#leaders=block.year", "#leadersblock"]) assert.equal(parse(hash), null, hash);
  assert.ok(!sameRoute(parse("#leaders=block"), parse("#leaders=block.week")));
});
