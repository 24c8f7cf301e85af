package dev.marketplace.vendorsdk;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

import com.appdirect.sdk.ConnectorSdkConfiguration;

/**
 * A tiny vendor ("connector") built on AppDirect's service-integration-sdk, used to prove that the marketplace's
 * vendor protocol works with AppDirect's own vendor library unchanged.
 *
 * <p>No component scanning on purpose: {@link VendorHandlers} is imported after the SDK configuration so that its
 * handlers (also marked {@code @Primary}) win over the SDK's "not supported" defaults.
 *
 * <p>On Java 17 launch with {@code --add-opens java.base/java.lang=ALL-UNNAMED
 * --add-exports java.base/sun.net.www.protocol.http=ALL-UNNAMED
 * --add-exports java.base/sun.net.www.protocol.https=ALL-UNNAMED}.
 */
@Configuration
@EnableAutoConfiguration
@Import({ConnectorSdkConfiguration.class, VendorHandlers.class, VendorRuntime.class, UserUpdatedEndpoint.class})
public class VendorSdkApp {

	public static void main(String[] args) {
		SpringApplication.run(VendorSdkApp.class, args);
	}
}
