/** Registers the callables; each handler lives in its own module (plain inputs, plain outputs). */
import { callable } from './callable';
import { services } from './services';
import * as content from './content';
import * as session from './session';

export const sessionLogin = callable((_uid, data) => session.sessionLogin(services().session, data));
export const sessionRegister = callable((_uid, data) => session.sessionRegister(services().session, data));
export const sessionRequestOtp = callable((_uid, data) => session.sessionRequestOtp(services().session, data));
export const sessionVerifyOtp = callable((_uid, data) => session.sessionVerifyOtp(services().session, data));
export const sessionSendResetOtp = callable((_uid, data) => session.sessionSendResetOtp(services().session, data));
export const sessionResetPassword = callable((_uid, data) => session.sessionResetPassword(services().session, data));
export const providerCall = callable((uid, data) => services().providerCall(uid, data));
export const postSignal = callable((_uid, data, caller) => content.postSignal(services().content, caller, data));
export const clearSignals = callable((_uid, data, caller) => content.clearSignals(services().content, caller, data));
export const clearGames = callable((_uid, data, caller) => content.clearGames(services().content, caller, data));
export const joinPot = callable((_uid, data, caller) => content.joinPot(services().providerCall, caller, data));
