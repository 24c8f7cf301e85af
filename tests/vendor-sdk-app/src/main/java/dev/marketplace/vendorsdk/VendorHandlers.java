package dev.marketplace.vendorsdk;

import static com.appdirect.sdk.appmarket.events.ErrorCode.CONFIGURATION_ERROR;

import java.util.Map;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

import com.appdirect.sdk.appmarket.AppmarketEventHandler;
import com.appdirect.sdk.appmarket.events.AccountInfo;
import com.appdirect.sdk.appmarket.events.AddonSubscriptionCancel;
import com.appdirect.sdk.appmarket.events.AddonSubscriptionOrder;
import com.appdirect.sdk.appmarket.events.APIResult;
import com.appdirect.sdk.appmarket.events.ErrorCode;
import com.appdirect.sdk.appmarket.events.SubscriptionCancel;
import com.appdirect.sdk.appmarket.events.SubscriptionChange;
import com.appdirect.sdk.appmarket.events.SubscriptionClosed;
import com.appdirect.sdk.appmarket.events.SubscriptionDeactivated;
import com.appdirect.sdk.appmarket.events.SubscriptionOrder;
import com.appdirect.sdk.appmarket.events.SubscriptionReactivated;
import com.appdirect.sdk.appmarket.events.SubscriptionUpcomingInvoice;
import com.appdirect.sdk.appmarket.events.UserAssignment;
import com.appdirect.sdk.appmarket.events.UserUnassignment;

/**
 * The vendor's business logic, written the way the SDK intends: one {@link AppmarketEventHandler} bean per event type.
 * The SDK fetches and parses the event, calls the handler on a worker thread and posts the returned {@link APIResult}
 * to the marketplace (SUBSCRIPTION_NOTICE handlers run synchronously; their result is the HTTP response body).
 *
 * <p>Test hooks: an order whose edition code is {@code FAIL} is refused with {@code CONFIGURATION_ERROR};
 * {@code FAIL_<ERROR_CODE>} (e.g. {@code FAIL_MAX_USERS_REACHED}) is refused with that SDK error code.
 * Cancelling an account whose identifier starts with {@code FAIL} is refused with {@code OPERATION_CANCELLED}.
 */
@Configuration
public class VendorHandlers {
	private static final Logger log = LoggerFactory.getLogger(VendorHandlers.class);

	@Bean
	@Primary
	public AppmarketEventHandler<SubscriptionOrder> vendorSubscriptionOrderHandler() {
		return order -> {
			String edition = order.getOrderInfo() == null ? null : order.getOrderInfo().getEditionCode();
			// Like real connectors, read the order configuration (the SDK NPEs here when payload.configuration is absent).
			Map<String, String> configuration = order.getConfiguration();
			String company = order.getCompanyInfo() == null ? null : order.getCompanyInfo().getUuid();
			log.info("VENDOR SUBSCRIPTION_ORDER eventToken={} key={} edition={} company={} configuration={} marketplaceUrl={}",
					order.getEventToken(), order.getConsumerKeyUsedByTheRequest(), edition, company, configuration,
					order.getMarketplaceUrl());
			if (edition != null && edition.startsWith("FAIL")) {
				return APIResult.failure(errorCodeFor(edition), "The vendor refuses edition " + edition);
			}
			APIResult result = APIResult.success("Account created by vendor-sdk-app");
			result.setAccountIdentifier("acct-" + UUID.randomUUID());
			log.info("VENDOR SUBSCRIPTION_ORDER eventToken={} -> accountIdentifier={}", order.getEventToken(), result.getAccountIdentifier());
			return result;
		};
	}

	@Bean
	@Primary
	public AppmarketEventHandler<SubscriptionCancel> vendorSubscriptionCancelHandler() {
		return cancel -> {
			String account = cancel.getAccountIdentifier();
			log.info("VENDOR SUBSCRIPTION_CANCEL eventToken={} key={} accountIdentifier={}",
					cancel.getEventToken(), cancel.getConsumerKeyUsedByTheRequest(), account);
			if (account != null && account.startsWith("FAIL")) {
				return APIResult.failure(ErrorCode.OPERATION_CANCELLED, "The vendor refuses to cancel " + account);
			}
			return APIResult.success("Account " + account + " cancelled by vendor-sdk-app");
		};
	}

	@Bean
	@Primary
	public AppmarketEventHandler<SubscriptionChange> vendorSubscriptionChangeHandler() {
		return change -> {
			AccountInfo account = change.getAccount();
			String parent = account == null ? null : account.getParentAccountIdentifier();
			// SDK 1.42 has no add-on change handler: an add-on's change is a SUBSCRIPTION_CHANGE naming the parent account
			log.info("VENDOR {} eventToken={} accountIdentifier={} parentAccountIdentifier={} edition={} items={}",
					parent == null ? "SUBSCRIPTION_CHANGE" : "ADDON_CHANGE", change.getEventToken(),
					account == null ? null : account.getAccountIdentifier(), parent,
					change.getOrder() == null ? null : change.getOrder().getEditionCode(), items(change.getOrder()));
			return APIResult.success("Subscription changed by vendor-sdk-app");
		};
	}

	// Add-ons: SDK 1.42 dispatches a SUBSCRIPTION_ORDER / SUBSCRIPTION_CANCEL whose payload.account names a
	// parentAccountIdentifier to these handlers (AddonEventDetector).

	@Bean
	@Primary
	public AppmarketEventHandler<AddonSubscriptionOrder> vendorAddonSubscriptionOrderHandler() {
		return order -> {
			String edition = order.getOrderInfo() == null ? null : order.getOrderInfo().getEditionCode();
			String company = order.getCompanyInfo() == null ? null : order.getCompanyInfo().getUuid();
			log.info("VENDOR ADDON_ORDER eventToken={} key={} edition={} parentAccountIdentifier={} company={} partner={} items={}",
					order.getEventToken(), order.getConsumerKeyUsedByTheRequest(), edition,
					order.getParentAccountIdentifier(), company, order.getPartner(), items(order.getOrderInfo()));
			if (edition != null && edition.startsWith("FAIL")) {
				return APIResult.failure(errorCodeFor(edition), "The vendor refuses add-on edition " + edition);
			}
			APIResult result = APIResult.success("Add-on created by vendor-sdk-app");
			result.setAccountIdentifier("addon-" + UUID.randomUUID());
			log.info("VENDOR ADDON_ORDER eventToken={} -> accountIdentifier={}", order.getEventToken(), result.getAccountIdentifier());
			return result;
		};
	}

	@Bean
	@Primary
	public AppmarketEventHandler<AddonSubscriptionCancel> vendorAddonSubscriptionCancelHandler() {
		return cancel -> {
			String account = cancel.getAccountIdentifier();
			log.info("VENDOR ADDON_CANCEL eventToken={} key={} accountIdentifier={} parentAccountIdentifier={}",
					cancel.getEventToken(), cancel.getConsumerKeyUsedByTheRequest(), account, cancel.getParentAccountIdentifier());
			if (account != null && account.startsWith("FAIL")) {
				return APIResult.failure(ErrorCode.OPERATION_CANCELLED, "The vendor refuses to cancel add-on " + account);
			}
			return APIResult.success("Add-on " + account + " cancelled by vendor-sdk-app");
		};
	}

	/** The order's items as {@code UNIT:quantity,...} (what a change asks for). */
	private static String items(com.appdirect.sdk.appmarket.events.OrderInfo order) {
		if (order == null || order.getItems() == null) {
			return "";
		}
		StringBuilder out = new StringBuilder();
		for (com.appdirect.sdk.appmarket.events.OrderItemInfo item : order.getItems()) {
			out.append(out.length() == 0 ? "" : ",").append(item.getUnit()).append(':').append(item.getQuantity());
		}
		return out.toString();
	}

	@Bean
	@Primary
	public AppmarketEventHandler<UserAssignment> vendorUserAssignmentHandler() {
		return assignment -> {
			String user = assignment.getAssignedUser() == null ? null : assignment.getAssignedUser().getUuid();
			log.info("VENDOR USER_ASSIGNMENT eventToken={} accountIdentifier={} user={}", assignment.getEventToken(),
					assignment.getAccountId(), user);
			return APIResult.success("User " + user + " assigned by vendor-sdk-app");
		};
	}

	@Bean
	@Primary
	public AppmarketEventHandler<UserUnassignment> vendorUserUnassignmentHandler() {
		return unassignment -> {
			String user = unassignment.getUnassignedUser() == null ? null : unassignment.getUnassignedUser().getUuid();
			log.info("VENDOR USER_UNASSIGNMENT eventToken={} accountIdentifier={} user={}", unassignment.getEventToken(),
					unassignment.getAccountId(), user);
			return APIResult.success("User " + user + " unassigned by vendor-sdk-app");
		};
	}

	// SUBSCRIPTION_NOTICE (handled synchronously by the SDK: the result is the body of the 200 response).

	@Bean
	@Primary
	public AppmarketEventHandler<SubscriptionDeactivated> vendorSubscriptionDeactivatedHandler() {
		return notice -> notice("DEACTIVATED", notice.getEventToken(), notice.getConsumerKeyUsedByTheRequest(),
				notice.getAccountInfo(), notice.getMarketplaceUrl());
	}

	@Bean
	@Primary
	public AppmarketEventHandler<SubscriptionReactivated> vendorSubscriptionReactivatedHandler() {
		return notice -> notice("REACTIVATED", notice.getEventToken(), notice.getConsumerKeyUsedByTheRequest(),
				notice.getAccountInfo(), notice.getMarketplaceUrl());
	}

	@Bean
	@Primary
	public AppmarketEventHandler<SubscriptionClosed> vendorSubscriptionClosedHandler() {
		return notice -> notice("CLOSED", notice.getEventToken(), notice.getConsumerKeyUsedByTheRequest(),
				notice.getAccountInfo(), notice.getMarketplaceUrl());
	}

	@Bean
	@Primary
	public AppmarketEventHandler<SubscriptionUpcomingInvoice> vendorSubscriptionUpcomingInvoiceHandler() {
		return notice -> notice("UPCOMING_INVOICE", notice.getEventToken(), notice.getConsumerKeyUsedByTheRequest(),
				notice.getAccountInfo(), notice.getMarketplaceUrl());
	}

	/**
	 * Logs what the SDK handed the handler (the line tests read: {@code VENDOR SUBSCRIPTION_NOTICE type=... eventToken=...
	 * key=... accountIdentifier=... accountStatus=...}). An account whose identifier starts with {@code FAIL} is refused
	 * with {@code ACCOUNT_NOT_FOUND}, as a vendor that does not know it would.
	 */
	private static APIResult notice(String type, String eventToken, String key, AccountInfo account, String marketplaceUrl) {
		String accountIdentifier = account == null ? null : account.getAccountIdentifier();
		log.info("VENDOR SUBSCRIPTION_NOTICE type={} eventToken={} key={} accountIdentifier={} accountStatus={} marketplaceUrl={}",
				type, eventToken, key, accountIdentifier, account == null ? null : account.getStatus(), marketplaceUrl);
		if (accountIdentifier != null && accountIdentifier.startsWith("FAIL")) {
			return APIResult.failure(ErrorCode.ACCOUNT_NOT_FOUND, "The vendor knows no account " + accountIdentifier);
		}
		return APIResult.success("Notice " + type + " acknowledged by vendor-sdk-app");
	}

	private static ErrorCode errorCodeFor(String edition) {
		if (edition.startsWith("FAIL_")) {
			try {
				return ErrorCode.valueOf(edition.substring("FAIL_".length()));
			} catch (IllegalArgumentException unknown) {
				return CONFIGURATION_ERROR;
			}
		}
		return CONFIGURATION_ERROR;
	}
}
