package dev.marketplace.vendorsdk;

import static java.util.Collections.singletonList;
import static org.springframework.http.MediaType.APPLICATION_JSON;
import static org.springframework.http.MediaType.APPLICATION_JSON_VALUE;

import java.io.IOException;

import javax.servlet.http.HttpServletRequest;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpEntity;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.DefaultResponseErrorHandler;
import org.springframework.web.client.RestTemplate;

import com.appdirect.sdk.appmarket.Credentials;
import com.appdirect.sdk.appmarket.DeveloperSpecificAppmarketCredentialsSupplier;
import com.appdirect.sdk.appmarket.events.APIResult;
import com.appdirect.sdk.appmarket.events.AccountInfo;
import com.appdirect.sdk.appmarket.events.ErrorCode;
import com.appdirect.sdk.appmarket.events.UserInfo;
import com.appdirect.sdk.web.oauth.DefaultRestTemplateFactoryImpl;
import com.appdirect.sdk.web.oauth.OAuthKeyExtractor;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * USER_UPDATED, which SDK 1.42 cannot take: its {@code EventType} enum has no such value, so its own
 * {@code /api/v1/integration/processEvent} answers {@code UNKNOWN_ERROR} for it (VendorSdkAppIT proves that). A vendor
 * on this SDK that wants the event gives the marketplace this URL for USER_UPDATED instead:
 * {@code /api/v1/integration/userUpdated?eventUrl={eventUrl}}. It sits under {@code /api/v1/**}, so the SDK's own
 * OAuth filter verifies the marketplace's signature first; the fetch is signed by the SDK's own OAuth RestTemplate
 * with the same credentials, and the user and account are read into the SDK's {@link UserInfo} and
 * {@link AccountInfo}. Answers synchronously (200 with the result), which the marketplace records as final.
 */
@RestController
public class UserUpdatedEndpoint {
	private static final Logger log = LoggerFactory.getLogger(UserUpdatedEndpoint.class);
	/** As the SDK's own converter reads events: unknown fields ignored. */
	private static final ObjectMapper JSON = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

	private final OAuthKeyExtractor keys;
	private final DeveloperSpecificAppmarketCredentialsSupplier credentials;

	public UserUpdatedEndpoint(OAuthKeyExtractor keys, DeveloperSpecificAppmarketCredentialsSupplier credentials) {
		this.keys = keys;
		this.credentials = credentials;
	}

	@RequestMapping(method = RequestMethod.GET, value = "/api/v1/integration/userUpdated", produces = APPLICATION_JSON_VALUE)
	public ResponseEntity<APIResult> userUpdated(HttpServletRequest request, @RequestParam("eventUrl") String eventUrl)
			throws IOException {
		String key = keys.extractFrom(request);
		Credentials c = credentials.getConsumerCredentials(key);
		RestTemplate signed = new DefaultRestTemplateFactoryImpl(new DefaultResponseErrorHandler())
				.getOAuthRestTemplate(c.developerKey, c.developerSecret);
		HttpHeaders headers = new HttpHeaders();
		headers.setAccept(singletonList(APPLICATION_JSON));
		byte[] raw = signed.exchange(eventUrl, HttpMethod.GET, new HttpEntity<>("", headers), byte[].class).getBody();
		// JSON is UTF-8 (RFC 8259), whatever a String converter would assume without a charset
		String body = raw == null ? null : new String(raw, java.nio.charset.StandardCharsets.UTF_8);
		JsonNode event = JSON.readTree(body);
		String token = eventUrl.substring(eventUrl.lastIndexOf('/') + 1);
		if (!"USER_UPDATED".equals(event.path("type").asText())) {
			return ResponseEntity.ok(APIResult.failure(ErrorCode.CONFIGURATION_ERROR,
					"Not a USER_UPDATED event: " + event.path("type").asText()));
		}
		UserInfo user = JSON.treeToValue(event.path("payload").path("user"), UserInfo.class);
		AccountInfo account = JSON.treeToValue(event.path("payload").path("account"), AccountInfo.class);
		log.info("VENDOR USER_UPDATED eventToken={} key={} accountIdentifier={} user={} email={} firstName={} lastName={} locale={}",
				token, key, account == null ? null : account.getAccountIdentifier(), user.getUuid(), user.getEmail(),
				user.getFirstName(), user.getLastName(), user.getLocale());
		return ResponseEntity.ok(APIResult.success("User " + user.getUuid() + " updated by vendor-sdk-app"));
	}
}
