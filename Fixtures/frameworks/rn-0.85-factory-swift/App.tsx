import React from 'react';
import {NavigationContainer} from '@react-navigation/native';
import {createNativeStackNavigator} from '@react-navigation/native-stack';
import Timetable from './src/Timetable';
import Sailing from './src/Sailing';

const Stack = createNativeStackNavigator();

// quayside://sailing/<id> comes from the timetable widget and from booking e-mails.
const linking = {
  prefixes: ['quayside://'],
  config: {screens: {Timetable: '', Sailing: 'sailing/:id'}},
};

export default function App() {
  return (
    <NavigationContainer linking={linking}>
      <Stack.Navigator>
        <Stack.Screen name="Timetable" component={Timetable} />
        <Stack.Screen name="Sailing" component={Sailing} />
      </Stack.Navigator>
    </NavigationContainer>
  );
}
