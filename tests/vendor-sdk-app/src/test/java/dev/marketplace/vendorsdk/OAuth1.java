package dev.marketplace.vendorsdk;

import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A deliberately independent, minimal OAuth 1.0a (RFC 5849, HMAC-SHA1, two-legged: no token) implementation, so the
 * test proves interoperability of the SDK with a standard implementation (as the marketplace's will be), not with
 * itself.
 */
final class OAuth1 {
	private OAuth1() {
	}

	record Param(String name, String value) {
	}

	record Verification(boolean valid, String consumerKey, Map<String, String> oauthParams, String baseString) {
	}

	static String encode(String s) {
		return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20").replace("*", "%2A").replace("%7E", "~");
	}

	static String decode(String s) {
		return URLDecoder.decode(s, StandardCharsets.UTF_8);
	}

	static List<Param> queryParams(URI uri) {
		List<Param> params = new ArrayList<>();
		String raw = uri.getRawQuery();
		if (raw == null || raw.isEmpty()) {
			return params;
		}
		for (String pair : raw.split("&")) {
			int eq = pair.indexOf('=');
			params.add(eq < 0 ? new Param(decode(pair), "") : new Param(decode(pair.substring(0, eq)), decode(pair.substring(eq + 1))));
		}
		return params;
	}

	static String baseString(String method, URI uri, List<Param> params) {
		String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
		int port = uri.getPort();
		boolean defaultPort = port < 0 || ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
		String url = scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + (defaultPort ? "" : ":" + port) + uri.getRawPath();
		String normalized = params.stream()
				.filter(p -> !"oauth_signature".equals(p.name()) && !"realm".equals(p.name()))
				.map(p -> new Param(encode(p.name()), encode(p.value())))
				.sorted(Comparator.comparing(Param::name).thenComparing(Param::value))
				.map(p -> p.name() + "=" + p.value())
				.collect(Collectors.joining("&"));
		return method.toUpperCase(Locale.ROOT) + "&" + encode(url) + "&" + encode(normalized);
	}

	static String hmacSha1(String baseString, String consumerSecret) {
		try {
			Mac mac = Mac.getInstance("HmacSHA1");
			mac.init(new SecretKeySpec((encode(consumerSecret) + "&").getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
			return Base64.getEncoder().encodeToString(mac.doFinal(baseString.getBytes(StandardCharsets.UTF_8)));
		} catch (GeneralSecurityException e) {
			throw new IllegalStateException(e);
		}
	}

	/** The oauth_* parameters (including oauth_signature) for a request to {@code uri} (query included). */
	static Map<String, String> sign(String method, URI uri, String key, String secret) {
		Map<String, String> oauth = new LinkedHashMap<>();
		oauth.put("oauth_consumer_key", key);
		oauth.put("oauth_nonce", UUID.randomUUID().toString().replace("-", ""));
		oauth.put("oauth_signature_method", "HMAC-SHA1");
		oauth.put("oauth_timestamp", Long.toString(System.currentTimeMillis() / 1000));
		oauth.put("oauth_version", "1.0");
		List<Param> all = new ArrayList<>(queryParams(uri));
		oauth.forEach((k, v) -> all.add(new Param(k, v)));
		oauth.put("oauth_signature", hmacSha1(baseString(method, uri, all), secret));
		return oauth;
	}

	static String authorizationHeader(Map<String, String> oauth) {
		return "OAuth " + oauth.entrySet().stream()
				.map(e -> encode(e.getKey()) + "=\"" + encode(e.getValue()) + "\"")
				.collect(Collectors.joining(", "));
	}

	static Map<String, String> parseAuthorizationHeader(String header) {
		Map<String, String> params = new LinkedHashMap<>();
		if (header == null || !header.regionMatches(true, 0, "OAuth ", 0, 6)) {
			return params;
		}
		for (String part : header.substring(6).split(",")) {
			String p = part.trim();
			int eq = p.indexOf('=');
			if (eq < 0) {
				continue;
			}
			String value = p.substring(eq + 1).trim();
			if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
				value = value.substring(1, value.length() - 1);
			}
			params.put(decode(p.substring(0, eq).trim()), decode(value));
		}
		return params;
	}

	/** Verifies a request signed in the Authorization header (form bodies are not used by this protocol). */
	static Verification verify(String method, URI uri, String authorization, Function<String, String> secretForKey) {
		Map<String, String> oauth = parseAuthorizationHeader(authorization);
		String key = oauth.get("oauth_consumer_key");
		String signature = oauth.get("oauth_signature");
		String secret = key == null ? null : secretForKey.apply(key);
		List<Param> all = new ArrayList<>(queryParams(uri));
		oauth.forEach((k, v) -> all.add(new Param(k, v)));
		String base = baseString(method, uri, all);
		boolean valid = secret != null && signature != null && "HMAC-SHA1".equals(oauth.get("oauth_signature_method"))
				&& MessageDigest.isEqual(hmacSha1(base, secret).getBytes(StandardCharsets.US_ASCII),
						signature.getBytes(StandardCharsets.US_ASCII));
		return new Verification(valid, key, oauth, base);
	}
}
