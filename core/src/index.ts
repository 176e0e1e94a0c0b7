export * from './units';
export * from './permissions';
export * from './schemas';
export * from './status';
export * from './geo';
export * from './workingHours';
export * from './emailList';
export * from './alarmTypes';
