package dev.marketplace.vendorsdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Launches the packaged vendor (target/vendor-sdk-app.jar + target/lib/*) as a separate JVM, exactly as the
 * end-to-end suite will, and drives AppDirect's SDK through the whole vendor protocol against {@link FakeMarketplace}.
 * Every observed request is appended to target/it/observed-protocol.txt (the source of README.md's protocol section).
 */
class VendorSdkAppIT {
	static final List<String> JAVA17_FLAGS = List.of(
			"--add-opens", "java.base/java.lang=ALL-UNNAMED",
			"--add-exports", "java.base/sun.net.www.protocol.http=ALL-UNNAMED",
			"--add-exports", "java.base/sun.net.www.protocol.https=ALL-UNNAMED");
	static final String KEY = "product-key-" + UUID.randomUUID();
	static final String SECRET = "s3cr3t/+= &~" + UUID.randomUUID();
	static final Duration WAIT = Duration.ofSeconds(20);
	static final ObjectMapper JSON = new ObjectMapper();

	static Process vendor;
	static Path workdir;
	static String vendorBase;
	static FakeMarketplace marketplace;
	static Path observed;
	static final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

	@BeforeAll
	static void startVendorAndMarketplace() throws Exception {
		workdir = Path.of(System.getProperty("vendor.app.workdir", "target/it"));
		Files.createDirectories(workdir);
		observed = workdir.resolve("observed-protocol.txt");
		Files.writeString(observed, "");
		Path portFile = workdir.resolve("vendor.port");
		Files.deleteIfExists(portFile);
		marketplace = new FakeMarketplace(KEY, SECRET);

		// The product's credentials go through vendor.credentials.file (key=secret, re-read on each lookup); the
		// secret deliberately contains characters that need escaping in OAuth and in properties files.
		Path credentials = workdir.resolve("vendor-credentials.properties");
		Files.writeString(credentials, KEY + "=" + SECRET.replace(" ", "\\ ") + "\n");

		String jar = System.getProperty("vendor.app.jar", "target/vendor-sdk-app.jar");
		String lib = System.getProperty("vendor.app.lib", "target/lib");
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.addAll(JAVA17_FLAGS);
		command.addAll(List.of("-cp", jar + java.io.File.pathSeparator + lib + "/*", "dev.marketplace.vendorsdk.VendorSdkApp",
				"--server.port=0", "--vendor.credentials.file=" + credentials, "--vendor.port.file=" + portFile));
		long start = System.nanoTime();
		vendor = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(workdir.resolve("vendor.log").toFile()).start();
		while (!Files.exists(portFile)) {
			if (!vendor.isAlive()) {
				fail("vendor JVM exited with " + vendor.exitValue() + ", see " + workdir.resolve("vendor.log"));
			}
			if (System.nanoTime() - start > TimeUnit.SECONDS.toNanos(90)) {
				fail("vendor JVM not ready after 90 s, see " + workdir.resolve("vendor.log"));
			}
			Thread.sleep(50);
		}
		long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
		vendorBase = "http://127.0.0.1:" + Files.readString(portFile).trim();
		note("vendor JVM ready (port file written) after " + millis + " ms; vendor at " + vendorBase
				+ "; marketplace at " + marketplace.baseUrl());
	}

	@AfterAll
	static void stop() throws Exception {
		if (vendor != null) {
			vendor.destroy();
			if (!vendor.waitFor(10, TimeUnit.SECONDS)) {
				vendor.destroyForcibly();
			}
		}
		if (marketplace != null) {
			marketplace.close();
		}
	}

	// ---------------------------------------------------------------- happy paths (asynchronous resolution)

	@Test
	void subscriptionOrderIsFetchedBySignedGetAndResolvedBySignedPostWithTheVendorsAccountIdentifier() throws Exception {
		String token = token();
		marketplace.publish(token, orderEvent("BASIC", "{\"domain\":\"acme.test\"}"), 200);

		long sent = System.nanoTime();
		HttpResponse<String> answer = processEvent(marketplace.eventUrl(token), true);
		long answered = System.nanoTime();
		note("processEvent (SUBSCRIPTION_ORDER) -> " + answer.statusCode() + " " + answer.headers().firstValue("Content-Type").orElse("") + " " + answer.body());
		assertEquals(202, answer.statusCode());
		JsonNode accepted = JSON.readTree(answer.body());
		assertTrue(accepted.get("success").asBoolean());

		FakeMarketplace.Recorded fetch = marketplace.fetchOf(token).get(WAIT.toSeconds(), TimeUnit.SECONDS);
		describe("signed fetch of the event", fetch);
		assertEquals("GET", fetch.method());
		assertTrue(fetch.signature().valid(), "fetch must be signed with the product's key and secret");
		assertEquals(KEY, fetch.signature().consumerKey());
		assertTrue(fetch.header("Accept").contains("application/json"), fetch.header("Accept"));
		assertTrue(fetch.receivedNanos() < answered, "the SDK fetches the event before it answers the notification");

		FakeMarketplace.Recorded result = marketplace.resultOf(token).get(WAIT.toSeconds(), TimeUnit.SECONDS);
		describe("signed result POST", result);
		assertEquals("POST", result.method());
		assertEquals(FakeMarketplace.PREFIX + token + "/result", result.pathAndQuery());
		assertTrue(result.signature().valid(), "result must be signed with the product's key and secret");
		assertTrue(result.header("Content-Type").startsWith("application/json"), result.header("Content-Type"));
		JsonNode body = JSON.readTree(result.body());
		assertTrue(body.get("success").asBoolean());
		assertTrue(body.get("accountIdentifier").asText().startsWith("acct-"), result.body());
		note(String.format("timing: notification sent -> fetch %.1f ms, -> 202 received %.1f ms, -> result POST received %.1f ms"
				+ " (the result POST may arrive before the marketplace has even read the 202)",
				(fetch.receivedNanos() - sent) / 1e6, (answered - sent) / 1e6, (result.receivedNanos() - sent) / 1e6));
	}

	@Test
	void orderForARefusedEditionResolvesWithTheVendorsErrorCodeAndMessage() throws Exception {
		for (String edition : List.of("FAIL", "FAIL_MAX_USERS_REACHED")) {
			String token = token();
			marketplace.publish(token, orderEvent(edition, "{}"), 200);
			assertEquals(202, processEvent(marketplace.eventUrl(token), true).statusCode());
			FakeMarketplace.Recorded result = marketplace.resultOf(token).get(WAIT.toSeconds(), TimeUnit.SECONDS);
			note("result POST body for edition " + edition + ": " + result.body());
			JsonNode body = JSON.readTree(result.body());
			assertFalse(body.path("success").asBoolean(true), result.body());
			assertEquals(edition.equals("FAIL") ? "CONFIGURATION_ERROR" : "MAX_USERS_REACHED", body.get("errorCode").asText());
			assertTrue(body.get("message").asText().contains(edition));
			assertTrue(body.path("accountIdentifier").isMissingNode());
		}
	}

	@Test
	void cancelChangeAssignmentAndUnassignmentAreResolvedSuccessfully() throws Exception {
		Map<String, String> events = Map.of(
				"SUBSCRIPTION_CANCEL", event("SUBSCRIPTION_CANCEL", null, payload(null, account("acct-42"), null, null)),
				"SUBSCRIPTION_CHANGE", event("SUBSCRIPTION_CHANGE", null, payload(null, account("acct-42"), order("PREMIUM"), null)),
				"USER_ASSIGNMENT", event("USER_ASSIGNMENT", null, payload(user("user-7"), account("acct-42"), null, null)),
				"USER_UNASSIGNMENT", event("USER_UNASSIGNMENT", null, payload(user("user-7"), account("acct-42"), null, null)));
		for (Map.Entry<String, String> e : events.entrySet()) {
			String token = token();
			marketplace.publish(token, e.getValue(), 200);
			HttpResponse<String> answer = processEvent(marketplace.eventUrl(token), true);
			assertEquals(202, answer.statusCode(), e.getKey() + " " + answer.body());
			FakeMarketplace.Recorded result = marketplace.resultOf(token).get(WAIT.toSeconds(), TimeUnit.SECONDS);
			note("result POST body for " + e.getKey() + ": " + result.body());
			assertTrue(result.signature().valid());
			JsonNode body = JSON.readTree(result.body());
			assertTrue(body.get("success").asBoolean(), e.getKey() + " " + result.body());
			assertFalse(body.path("message").asText().contains("not supported"), result.body());
		}
	}

	@Test
	void cancelRefusedByTheVendorResolvesWithItsError() throws Exception {
		String token = token();
		marketplace.publish(token, event("SUBSCRIPTION_CANCEL", null, payload(null, account("FAIL-acct"), null, null)), 200);
		assertEquals(202, processEvent(marketplace.eventUrl(token), true).statusCode());
		JsonNode body = JSON.readTree(marketplace.resultOf(token).get(WAIT.toSeconds(), TimeUnit.SECONDS).body());
		assertFalse(body.path("success").asBoolean(true));
		assertEquals("OPERATION_CANCELLED", body.get("errorCode").asText());
	}

	@Test
	void theSdksOwnAddOnEventTypesAreAnsweredAsUnsupported() throws Exception {
		// SDK 1.42 knows ADDON_ORDER / ADDON_CHANGE / ADDON_CANCEL as types but dispatches none of them: its "unsupported"
		// handler resolves them with CONFIGURATION_ERROR. An add-on therefore travels as a subscription event naming its
		// parent's account (next tests); ADDON_* stays the marketplace's own kind (event log, vendor-event listing).
		for (String type : List.of("ADDON_ORDER", "ADDON_CHANGE", "ADDON_CANCEL")) {
			String token = token();
			marketplace.publish(token, event(type, null, payload(null, addonAccount("addon-7", "acct-1"), order("BASIC"), null)), 200);
			assertEquals(202, processEvent(marketplace.eventUrl(token), true).statusCode());
			FakeMarketplace.Recorded result = marketplace.resultOf(token).get(WAIT.toSeconds(), TimeUnit.SECONDS);
			note("result POST body for " + type + ": " + result.body());
			assertEquals("CONFIGURATION_ERROR", JSON.readTree(result.body()).get("errorCode").asText());
		}
	}

	@Test
	void anAddOnOrderReachesTheAddOnOrderHandlerWithTheParentsAccountAndResolvesWithTheAddOnsAccount() throws Exception {
		String token = token();
		String company = "{\"uuid\":\"company-1\",\"externalId\":null,\"name\":\"Acme\",\"email\":\"it@acme.test\","
				+ "\"phoneNumber\":null,\"website\":null,\"country\":\"US\"}";
		String payload = "{\"user\":null,\"company\":" + company + ",\"account\":{\"status\":\"INITIALIZED\","
				+ "\"parentAccountIdentifier\":\"acct-parent-1\"},\"order\":" + order("STORAGE") + ",\"notice\":null,"
				+ "\"configuration\":{}}";
		marketplace.publish(token, event("SUBSCRIPTION_ORDER", null, payload), 200);
		assertEquals(202, processEvent(marketplace.eventUrl(token), true).statusCode());
		FakeMarketplace.Recorded result = marketplace.resultOf(token).get(WAIT.toSeconds(), TimeUnit.SECONDS);
		note("result POST body for an add-on order: " + result.body());
		assertTrue(result.signature().valid());
		JsonNode body = JSON.readTree(result.body());
		assertTrue(body.get("success").asBoolean(), result.body());
		assertTrue(body.get("accountIdentifier").asText().startsWith("addon-"), result.body());
		String log = vendorLog();
		assertTrue(log.contains("VENDOR ADDON_ORDER eventToken=" + token + " key=" + KEY + " edition=STORAGE"
				+ " parentAccountIdentifier=acct-parent-1 company=company-1 partner=ACME items=USER:10,GIGABYTE:5"), log);
		assertFalse(log.contains("VENDOR SUBSCRIPTION_ORDER eventToken=" + token), "not the plain order handler");

		// a refused add-on edition resolves with the vendor's error
		String refused = token();
		marketplace.publish(refused, event("SUBSCRIPTION_ORDER", null, payload.replace("STORAGE", "FAIL_MAX_USERS_REACHED")), 200);
		assertEquals(202, processEvent(marketplace.eventUrl(refused), true).statusCode());
		JsonNode failure = JSON.readTree(marketplace.resultOf(refused).get(WAIT.toSeconds(), TimeUnit.SECONDS).body());
		assertFalse(failure.path("success").asBoolean(true));
		assertEquals("MAX_USERS_REACHED", failure.get("errorCode").asText());
	}

	@Test
	void anAddOnChangeAndCancelReachTheirHandlersWithBothAccountsAndARefusedCancelResolvesWithItsError() throws Exception {
		String change = token();
		marketplace.publish(change, event("SUBSCRIPTION_CHANGE", null,
				payload(null, addonAccount("addon-7", "acct-parent-1"), order("STORAGE"), null)), 200);
		String cancel = token();
		marketplace.publish(cancel, event("SUBSCRIPTION_CANCEL", null,
				payload(null, addonAccount("addon-7", "acct-parent-1"), null, null)), 200);
		String refused = token();
		marketplace.publish(refused, event("SUBSCRIPTION_CANCEL", null,
				payload(null, addonAccount("FAIL-addon", "acct-parent-1"), null, null)), 200);
		for (String token : List.of(change, cancel)) {
			assertEquals(202, processEvent(marketplace.eventUrl(token), true).statusCode());
			JsonNode body = JSON.readTree(marketplace.resultOf(token).get(WAIT.toSeconds(), TimeUnit.SECONDS).body());
			assertTrue(body.get("success").asBoolean(), body.toString());
		}
		String log = vendorLog();
		assertTrue(log.contains("VENDOR ADDON_CHANGE eventToken=" + change + " accountIdentifier=addon-7"
				+ " parentAccountIdentifier=acct-parent-1 edition=STORAGE items=USER:10,GIGABYTE:5"), log);
		assertTrue(log.contains("VENDOR ADDON_CANCEL eventToken=" + cancel + " key=" + KEY + " accountIdentifier=addon-7"
				+ " parentAccountIdentifier=acct-parent-1"), log);

		assertEquals(202, processEvent(marketplace.eventUrl(refused), true).statusCode());
		JsonNode body = JSON.readTree(marketplace.resultOf(refused).get(WAIT.toSeconds(), TimeUnit.SECONDS).body());
		assertFalse(body.path("success").asBoolean(true));
		assertEquals("OPERATION_CANCELLED", body.get("errorCode").asText());
		// a plain change names no parent and is logged as one
		String plain = token();
		marketplace.publish(plain, event("SUBSCRIPTION_CHANGE", null, payload(null, account("acct-42"), order("PREMIUM"), null)), 200);
		assertEquals(202, processEvent(marketplace.eventUrl(plain), true).statusCode());
		marketplace.resultOf(plain).get(WAIT.toSeconds(), TimeUnit.SECONDS);
		assertTrue(vendorLog().contains("VENDOR SUBSCRIPTION_CHANGE eventToken=" + plain + " accountIdentifier=acct-42"
				+ " parentAccountIdentifier=null"), vendorLog());
	}

	// ---------------------------------------------------------------- synchronous answers

	@Test
	void subscriptionNoticeIsAnsweredSynchronouslyWithoutAResultPost() throws Exception {
		String token = token();
		marketplace.publish(token, event("SUBSCRIPTION_NOTICE", null,
				payload(null, account("acct-42"), null, "{\"type\":\"DEACTIVATED\",\"message\":\"unpaid\"}")), 200);
		HttpResponse<String> answer = processEvent(marketplace.eventUrl(token), true);
		note("processEvent (SUBSCRIPTION_NOTICE DEACTIVATED) -> " + answer.statusCode() + " " + answer.body());
		assertEquals(200, answer.statusCode());
		assertTrue(JSON.readTree(answer.body()).get("success").asBoolean());
		assertTrue(marketplace.fetchOf(token).isDone());
		assertFalse(marketplace.resultOf(token).isDone(), "a notice is never resolved by POST");
		assertTrue(vendorLog().contains("VENDOR SUBSCRIPTION_NOTICE type=DEACTIVATED eventToken=" + token + " key=" + KEY
				+ " accountIdentifier=acct-42"), "the SubscriptionDeactivated handler ran with the account");
	}

	@Test
	void eachNoticeTypeReachesItsOwnHandlerWithTheAccountAndAnUnknownAccountIsRefused() throws Exception {
		for (String type : List.of("DEACTIVATED", "REACTIVATED", "CLOSED", "UPCOMING_INVOICE")) {
			String token = token();
			marketplace.publish(token, event("SUBSCRIPTION_NOTICE", null,
					payload(null, account("acct-7"), null, "{\"type\":\"" + type + "\"}")), 200);
			HttpResponse<String> answer = processEvent(marketplace.eventUrl(token), true);
			assertEquals(200, answer.statusCode());
			assertEquals("Notice " + type + " acknowledged by vendor-sdk-app", JSON.readTree(answer.body()).get("message").asText());
			assertTrue(vendorLog().contains("VENDOR SUBSCRIPTION_NOTICE type=" + type + " eventToken=" + token + " key=" + KEY
					+ " accountIdentifier=acct-7"), type + " handler: " + vendorLog());
		}
		String token = token();
		marketplace.publish(token, event("SUBSCRIPTION_NOTICE", null,
				payload(null, account("FAIL-9"), null, "{\"type\":\"REACTIVATED\"}")), 200);
		HttpResponse<String> answer = processEvent(marketplace.eventUrl(token), true);
		note("processEvent (SUBSCRIPTION_NOTICE REACTIVATED, unknown account) -> " + answer.statusCode() + " " + answer.body());
		assertEquals(200, answer.statusCode());
		JsonNode refused = JSON.readTree(answer.body());
		assertFalse(refused.get("success").asBoolean());
		assertEquals("ACCOUNT_NOT_FOUND", refused.get("errorCode").asText());
	}

	@Test
	void userUpdatedReachesTheAppsOwnEndpointSignedAndParsedIntoTheSdksTypes() throws Exception {
		// the SDK's processEvent cannot parse USER_UPDATED (no such EventType): the app takes it at its own URL
		String token = token();
		marketplace.publish(token, event("USER_UPDATED", null, payload(user("user-9"), account("acct-9"), null, null)), 200);
		URI uri = URI.create(processEventUri(marketplace.eventUrl(token)).toString().replace("/processEvent?", "/userUpdated?"));
		HttpResponse<String> unsigned = http.send(HttpRequest.newBuilder(uri).timeout(WAIT).GET().build(),
				HttpResponse.BodyHandlers.ofString());
		assertEquals(403, unsigned.statusCode(), "the SDK's OAuth filter guards it like processEvent");
		HttpResponse<String> answer = http.send(HttpRequest.newBuilder(uri).timeout(WAIT).GET()
				.header("Authorization", OAuth1.authorizationHeader(OAuth1.sign("GET", uri, KEY, SECRET))).build(),
				HttpResponse.BodyHandlers.ofString());
		note("userUpdated (USER_UPDATED) -> " + answer.statusCode() + " " + answer.body());
		assertEquals(200, answer.statusCode());
		assertTrue(JSON.readTree(answer.body()).get("success").asBoolean(), answer.body());
		assertTrue(marketplace.fetchOf(token).isDone(), "the event was fetched, signed");
		assertFalse(marketplace.resultOf(token).isDone(), "answered at once, never by POST");
		assertTrue(vendorLog().contains("VENDOR USER_UPDATED eventToken=" + token + " key=" + KEY
				+ " accountIdentifier=acct-9 user=user-9 email=user-9@acme.test firstName=Ada lastName=Lovelace locale=en_US"),
				vendorLog());
	}

	private static String vendorLog() throws java.io.IOException {
		return Files.readString(workdir.resolve("vendor.log"));
	}

	@Test
	void statelessPingIsAnsweredSynchronouslyWithoutCallingTheHandler() throws Exception {
		String token = token();
		marketplace.publish(token, event("SUBSCRIPTION_ORDER", "STATELESS", payload(null, null, order("FAIL"), null)), 200);
		HttpResponse<String> answer = processEvent(marketplace.eventUrl(token), true);
		note("processEvent (flag STATELESS) -> " + answer.statusCode() + " " + answer.body());
		assertEquals(200, answer.statusCode());
		assertTrue(JSON.readTree(answer.body()).get("success").asBoolean(), "the FAIL edition must not reach the handler");
		assertFalse(marketplace.resultOf(token).isDone());
	}

	@Test
	void eventsTheMarketplaceCannotServeOrTheSdkCannotParseAreAnsweredSynchronously() throws Exception {
		String notFound = token();
		marketplace.publish(notFound, "{}", 404);
		HttpResponse<String> answer = processEvent(marketplace.eventUrl(notFound), true);
		note("processEvent when the fetch answers 404 -> " + answer.statusCode() + " " + answer.body());
		assertEquals(200, answer.statusCode());
		// The fetch goes through the SDK's user-sync RestTemplate (see README): its error handler turns any non-2xx into
		// UNKNOWN_ERROR, quoting the "message" of a {code,message} error body.
		JsonNode failed = JSON.readTree(answer.body());
		assertFalse(failed.get("success").asBoolean(true));
		assertEquals("UNKNOWN_ERROR", failed.get("errorCode").asText());
		assertTrue(failed.get("message").asText().contains("no such event"), answer.body());

		String forbidden = token();
		marketplace.publish(forbidden, "{}", 403);
		answer = processEvent(marketplace.eventUrl(forbidden), true);
		note("processEvent when the fetch answers 403 -> " + answer.statusCode() + " " + answer.body());
		assertEquals(200, answer.statusCode());
		assertEquals("UNKNOWN_ERROR", JSON.readTree(answer.body()).get("errorCode").asText());
		assertFalse(marketplace.resultOf(forbidden).isDone());

		String badEnum = token();
		marketplace.publish(badEnum, orderEvent("BASIC", "{}").replace("\"MONTHLY\"", "\"FORTNIGHTLY\""), 200);
		answer = processEvent(marketplace.eventUrl(badEnum), true);
		note("processEvent when the event has an unknown enum value -> " + answer.statusCode() + " " + answer.body());
		assertEquals(200, answer.statusCode());
		assertEquals("UNKNOWN_ERROR", JSON.readTree(answer.body()).get("errorCode").asText());
		assertFalse(marketplace.resultOf(badEnum).isDone());

		String unknownType = token();
		marketplace.publish(unknownType, event("USER_UPDATED", null, payload(user("user-7"), account("acct-42"), null, null)), 200);
		answer = processEvent(marketplace.eventUrl(unknownType), true);
		note("processEvent for type USER_UPDATED (not in the SDK's EventType enum) -> " + answer.statusCode() + " " + answer.body());
		assertEquals(200, answer.statusCode());
		assertEquals("UNKNOWN_ERROR", JSON.readTree(answer.body()).get("errorCode").asText());
	}

	@Test
	void orderWithoutPayloadConfigurationBreaksTypicalVendorCode() throws Exception {
		// EventPayload.configuration is null when absent and SubscriptionOrder.getConfiguration() copies it into a
		// HashMap: the marketplace must always send "configuration": {} (the SDK then resolves with UNKNOWN_ERROR).
		String token = token();
		marketplace.publish(token, event("SUBSCRIPTION_ORDER", null, "{\"order\":" + order("BASIC") + "}"), 200);
		assertEquals(202, processEvent(marketplace.eventUrl(token), true).statusCode());
		FakeMarketplace.Recorded result = marketplace.resultOf(token).get(WAIT.toSeconds(), TimeUnit.SECONDS);
		note("result POST body when payload.configuration is absent: " + result.body());
		assertEquals("UNKNOWN_ERROR", JSON.readTree(result.body()).get("errorCode").asText());
	}

	@Test
	void minimalOrderEventIsAccepted() throws Exception {
		String token = token();
		marketplace.publish(token, "{\"type\":\"SUBSCRIPTION_ORDER\",\"marketplace\":{\"baseUrl\":\"" + marketplace.baseUrl()
				+ "\"},\"payload\":{\"order\":{\"editionCode\":\"BASIC\"},\"configuration\":{}}}", 200);
		assertEquals(202, processEvent(marketplace.eventUrl(token), true).statusCode());
		JsonNode body = JSON.readTree(marketplace.resultOf(token).get(WAIT.toSeconds(), TimeUnit.SECONDS).body());
		assertTrue(body.get("success").asBoolean(), body.toString());
		assertTrue(body.get("accountIdentifier").asText().startsWith("acct-"));
	}

	// ---------------------------------------------------------------- signature on the inbound notification

	@Test
	void notificationSignedInQueryParametersIsAcceptedToo() throws Exception {
		String token = token();
		marketplace.publish(token, orderEvent("BASIC", "{}"), 200);
		URI unsigned = processEventUri(marketplace.eventUrl(token));
		Map<String, String> oauth = OAuth1.sign("GET", unsigned, KEY, SECRET);
		String query = oauth.entrySet().stream().map(e -> e.getKey() + "=" + OAuth1.encode(e.getValue()))
				.collect(Collectors.joining("&"));
		HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(unsigned + "&" + query)).GET().build(),
				HttpResponse.BodyHandlers.ofString());
		note("processEvent signed with oauth_* query parameters -> " + answer.statusCode());
		assertEquals(202, answer.statusCode(), answer.body());
		assertTrue(marketplace.resultOf(token).get(WAIT.toSeconds(), TimeUnit.SECONDS).signature().valid());
	}

	@Test
	void unsignedForgedOrUnknownKeyNotificationsAreRefusedBeforeAnyFetch() throws Exception {
		String token = token();
		marketplace.publish(token, orderEvent("BASIC", "{}"), 200);
		URI uri = processEventUri(marketplace.eventUrl(token));

		HttpResponse<String> unsigned = http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
		note("processEvent unsigned -> " + unsigned.statusCode() + " " + unsigned.body());
		assertEquals(403, unsigned.statusCode());

		Map<String, String> forged = OAuth1.sign("GET", uri, KEY, "not-the-secret");
		HttpResponse<String> wrongSecret = http.send(HttpRequest.newBuilder(uri)
				.header("Authorization", OAuth1.authorizationHeader(forged)).GET().build(), HttpResponse.BodyHandlers.ofString());
		note("processEvent with a wrong signature -> " + wrongSecret.statusCode() + " " + wrongSecret.headers().map() + " " + wrongSecret.body());
		assertEquals(401, wrongSecret.statusCode());

		Map<String, String> unknown = OAuth1.sign("GET", uri, "unknown-key", SECRET);
		HttpResponse<String> unknownKey = http.send(HttpRequest.newBuilder(uri)
				.header("Authorization", OAuth1.authorizationHeader(unknown)).GET().build(), HttpResponse.BodyHandlers.ofString());
		note("processEvent with an unknown consumer key -> " + unknownKey.statusCode());
		assertEquals(401, unknownKey.statusCode());

		Thread.sleep(300);
		assertFalse(marketplace.fetchOf(token).isDone(), "no fetch for a refused notification");
	}

	// ---------------------------------------------------------------- helpers

	static String token() {
		return UUID.randomUUID().toString();
	}

	static URI processEventUri(String eventUrl) {
		return URI.create(vendorBase + "/api/v1/integration/processEvent?eventUrl=" + OAuth1.encode(eventUrl));
	}

	static HttpResponse<String> processEvent(String eventUrl, boolean signed) throws IOException, InterruptedException {
		URI uri = processEventUri(eventUrl);
		HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(WAIT).GET();
		if (signed) {
			request.header("Authorization", OAuth1.authorizationHeader(OAuth1.sign("GET", uri, KEY, SECRET)));
		}
		return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	/** An order as the marketplace should send it (docs/architecture.md, "Vendor events"), with extra fields the SDK does not know. */
	static String orderEvent(String edition, String configuration) {
		String company = "{\"uuid\":\"company-1\",\"externalId\":null,\"name\":\"Acme\",\"email\":\"it@acme.test\","
				+ "\"phoneNumber\":\"+1 555 0100\",\"website\":\"https://acme.test\",\"country\":\"US\",\"size\":\"SMALL\"}";
		String payload = "{\"user\":null,\"company\":" + company + ",\"account\":null,\"addonInstance\":null,"
				+ "\"order\":" + order(edition) + ",\"notice\":null,\"configuration\":" + configuration + "}";
		return event("SUBSCRIPTION_ORDER", "DEVELOPMENT", payload);
	}

	static String event(String type, String flag, String payload) {
		return "{\"type\":\"" + type + "\","
				+ "\"marketplace\":{\"partner\":\"ACME\",\"baseUrl\":\"" + marketplace.baseUrl() + "\"},"
				+ "\"applicationUuid\":\"app-1\","
				+ "\"flag\":" + (flag == null ? "null" : "\"" + flag + "\"") + ","
				+ "\"creator\":" + user("creator-1") + ","
				+ "\"payload\":" + payload + ","
				+ "\"returnUrl\":\"" + marketplace.baseUrl() + "/return\","
				+ "\"links\":[{\"rel\":\"self\",\"href\":\"" + marketplace.baseUrl() + "/self\"}]}";
	}

	static String payload(String user, String account, String order, String notice) {
		return "{\"user\":" + user + ",\"company\":null,\"account\":" + account + ",\"order\":" + order
				+ ",\"notice\":" + notice + ",\"configuration\":{}}";
	}

	static String user(String uuid) {
		return "{\"uuid\":\"" + uuid + "\",\"openId\":\"https://marketplace.test/openid/id/" + uuid + "\","
				+ "\"email\":\"" + uuid + "@acme.test\",\"firstName\":\"Ada\",\"lastName\":\"Lovelace\",\"language\":\"en\","
				+ "\"locale\":\"en_US\",\"address\":{\"city\":\"London\"},\"attributes\":{\"title\":\"CTO\"}}";
	}

	static String account(String accountIdentifier) {
		return "{\"accountIdentifier\":\"" + accountIdentifier + "\",\"status\":\"ACTIVE\",\"parentAccountIdentifier\":null}";
	}

	static String addonAccount(String accountIdentifier, String parent) {
		return "{\"accountIdentifier\":\"" + accountIdentifier + "\",\"status\":\"ACTIVE\",\"parentAccountIdentifier\":\"" + parent + "\"}";
	}

	static String order(String edition) {
		return "{\"editionCode\":\"" + edition + "\",\"addonOfferingCode\":null,\"pricingDuration\":\"MONTHLY\","
				+ "\"items\":[{\"unit\":\"USER\",\"quantity\":10},{\"unit\":\"GIGABYTE\",\"quantity\":5}]}";
	}

	static void describe(String what, FakeMarketplace.Recorded r) {
		note(what + ": " + r.method() + " " + r.pathAndQuery() + " -> answered " + r.status()
				+ "\n  headers: " + r.headers()
				+ "\n  oauth params: " + r.signature().oauthParams()
				+ "\n  signature base string: " + r.signature().baseString()
				+ (r.body().isEmpty() ? "" : "\n  body: " + r.body()));
	}

	static synchronized void note(String line) {
		System.out.println("[observed] " + line);
		try {
			Files.writeString(observed, line + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
		} catch (IOException e) {
			throw new IllegalStateException(e);
		}
	}
}
